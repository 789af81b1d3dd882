import type { StateCode } from '@referrals/shared';

/** A city a referral can come from, with a real ZIP code and telephone area code there. */
export interface Place {
  readonly state: StateCode;
  readonly city: string;
  readonly postalCode: string;
  readonly areaCode: string;
}

/**
 * Per state: rough population in millions (the draw weight) and cities as 'City|ZIP|area code'.
 * Weights follow population so Texas and California dominate like they do in real traffic.
 */
const STATES: Readonly<Record<StateCode, readonly [number, ...string[]]>> = {
  AL: [5.1, 'Birmingham|35203|205', 'Huntsville|35801|256', 'Mobile|36602|251'],
  AK: [0.7, 'Anchorage|99501|907', 'Fairbanks|99701|907'],
  AZ: [7.4, 'Phoenix|85004|602', 'Tucson|85701|520', 'Mesa|85201|480'],
  AR: [3.1, 'Little Rock|72201|501', 'Fayetteville|72701|479'],
  CA: [
    39,
    'Los Angeles|90012|213',
    'San Diego|92101|619',
    'San Jose|95113|408',
    'Fresno|93721|559',
    'Sacramento|95814|916',
  ],
  CO: [5.9, 'Denver|80202|303', 'Colorado Springs|80903|719'],
  CT: [3.6, 'Hartford|06103|860', 'New Haven|06510|203'],
  DE: [1, 'Wilmington|19801|302', 'Dover|19901|302'],
  DC: [0.7, 'Washington|20001|202'],
  FL: [22.6, 'Miami|33130|305', 'Tampa|33602|813', 'Orlando|32801|407', 'Jacksonville|32202|904'],
  GA: [11, 'Atlanta|30303|404', 'Savannah|31401|912', 'Augusta|30901|706'],
  HI: [1.4, 'Honolulu|96813|808', 'Hilo|96720|808'],
  ID: [1.9, 'Boise|83702|208', 'Idaho Falls|83402|208'],
  IL: [12.5, 'Chicago|60601|312', 'Springfield|62701|217', 'Naperville|60540|630'],
  IN: [6.9, 'Indianapolis|46204|317', 'Fort Wayne|46802|260'],
  IA: [3.2, 'Des Moines|50309|515', 'Cedar Rapids|52401|319'],
  KS: [2.9, 'Wichita|67202|316', 'Topeka|66603|785'],
  KY: [4.5, 'Louisville|40202|502', 'Lexington|40507|859'],
  LA: [4.6, 'New Orleans|70112|504', 'Baton Rouge|70801|225'],
  ME: [1.4, 'Portland|04101|207', 'Bangor|04401|207'],
  MD: [6.2, 'Baltimore|21202|410', 'Rockville|20850|301'],
  MA: [7, 'Boston|02108|617', 'Worcester|01608|508'],
  MI: [10, 'Detroit|48226|313', 'Grand Rapids|49503|616'],
  MN: [5.7, 'Minneapolis|55401|612', 'Saint Paul|55101|651'],
  MS: [2.9, 'Jackson|39201|601', 'Gulfport|39501|228'],
  MO: [6.2, 'Kansas City|64105|816', 'St. Louis|63101|314'],
  MT: [1.1, 'Billings|59101|406', 'Missoula|59802|406'],
  NE: [2, 'Omaha|68102|402', 'Lincoln|68508|402'],
  NV: [3.2, 'Las Vegas|89101|702', 'Reno|89501|775'],
  NH: [1.4, 'Manchester|03101|603', 'Concord|03301|603'],
  NJ: [9.3, 'Newark|07102|973', 'Jersey City|07302|201', 'Trenton|08608|609'],
  NM: [2.1, 'Albuquerque|87102|505', 'Santa Fe|87501|505'],
  NY: [19.6, 'New York|10007|212', 'Buffalo|14202|716', 'Rochester|14604|585', 'Albany|12207|518'],
  NC: [10.8, 'Charlotte|28202|704', 'Raleigh|27601|919', 'Greensboro|27401|336'],
  ND: [0.8, 'Fargo|58102|701', 'Bismarck|58501|701'],
  OH: [11.8, 'Columbus|43215|614', 'Cleveland|44114|216', 'Cincinnati|45202|513'],
  OK: [4, 'Oklahoma City|73102|405', 'Tulsa|74103|918'],
  OR: [4.2, 'Portland|97204|503', 'Eugene|97401|541'],
  PA: [13, 'Philadelphia|19107|215', 'Pittsburgh|15222|412', 'Harrisburg|17101|717'],
  RI: [1.1, 'Providence|02903|401', 'Warwick|02886|401'],
  SC: [5.4, 'Columbia|29201|803', 'Charleston|29401|843'],
  SD: [0.9, 'Sioux Falls|57104|605', 'Rapid City|57701|605'],
  TN: [7.1, 'Nashville|37203|615', 'Memphis|38103|901', 'Knoxville|37902|865'],
  TX: [
    30.5,
    'Houston|77002|713',
    'Dallas|75201|214',
    'Austin|78701|512',
    'San Antonio|78205|210',
    'Fort Worth|76102|817',
  ],
  UT: [3.4, 'Salt Lake City|84101|801', 'Provo|84601|801'],
  VT: [0.6, 'Burlington|05401|802', 'Montpelier|05602|802'],
  VA: [8.7, 'Virginia Beach|23451|757', 'Richmond|23219|804', 'Arlington|22201|703'],
  WA: [7.8, 'Seattle|98101|206', 'Spokane|99201|509', 'Tacoma|98402|253'],
  WV: [1.8, 'Charleston|25301|304', 'Morgantown|26505|304'],
  WI: [5.9, 'Milwaukee|53202|414', 'Madison|53703|608'],
  WY: [0.6, 'Cheyenne|82001|307', 'Casper|82601|307'],
};

/**
 * Every place with its draw weight. Small states get a floor weight so that even a 2,000-referral
 * market shows every state of the filter.
 */
export const PLACES: readonly (readonly [Place, number])[] = Object.entries(STATES).flatMap(
  ([state, [population, ...cities]]) =>
    cities.map((entry): readonly [Place, number] => {
      const [city = '', postalCode = '', areaCode = ''] = entry.split('|');
      const place: Place = { state: state as StateCode, city, postalCode, areaCode };
      return [place, Math.max(population, 1.5) / cities.length];
    }),
);
