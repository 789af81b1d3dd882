import { visuallyHidden } from '@mui/utils';
import { formatShortTime } from '@referrals/shared';
import { viewerTimeZone } from '../time/clock';

/** The numbers behind an hourly chart, as a table only screen readers see. */
export const HourTable = <K extends string>({
  caption,
  hours,
  columns,
}: {
  readonly caption: string;
  readonly hours: readonly ({ readonly start: number } & Record<K, number>)[];
  readonly columns: readonly (readonly [K, string])[];
}) => (
  <table style={visuallyHidden}>
    <caption>{caption}</caption>
    <thead>
      <tr>
        <th scope="col">Hour from</th>
        {columns.map(([key, title]) => (
          <th key={key} scope="col">
            {title}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {hours.map((h) => (
        <tr key={h.start}>
          <th scope="row">{formatShortTime(h.start, viewerTimeZone())}</th>
          {columns.map(([key]) => (
            <td key={key}>{h[key]}</td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);

/** The label of an hour on a chart axis, in the viewer's zone. */
export const hourLabel = (start: number): string => formatShortTime(start, viewerTimeZone());
