import {
  Checkbox,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import {
  apply24Hours,
  syncRecipient,
  TIMEZONES,
  WEEK_DAYS,
  type RecipientFormValues,
} from '@referrals/shared';
import type { MarketplaceForm } from '../formTypes';

const HEAD = [
  'Email',
  'Mobile Phone',
  'SMS',
  'Same days',
  ...WEEK_DAYS.map((d) => d.key.slice(0, 3)),
  'Same times',
  '24 hrs',
  'Start',
  'End',
  'Timezone',
];

/**
 * The individual email recipient settings table: one row per recipient email, following the
 * marketplace's days and/or times (copied and locked) unless unticked.
 */
export const RecipientsTable = ({ form }: { readonly form: MarketplaceForm }) => (
  <Controller
    control={form.control}
    name="individualEmailRecipientSettings"
    render={({ field, fieldState }) => {
      const rows = field.value;
      const update = (i: number, next: RecipientFormValues) =>
        field.onChange(rows.map((r, j) => (j === i ? syncRecipient(next, form.getValues()) : r)));
      return (
        <TableContainer data-field="individualEmailRecipientSettings">
          {fieldState.error ? (
            <p role="alert" style={{ color: '#b3261e' }}>
              {fieldState.error.message}
            </p>
          ) : null}
          <Table size="small" aria-label="Individual email recipient settings">
            <TableHead>
              <TableRow>
                {HEAD.map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600, px: 0.5 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => {
                const label = (what: string) => ({ 'aria-label': `${what} for ${r.emailAddress}` });
                const times = r.sameDeliveryTimesAsMarketplace || r.deliver24Hours;
                return (
                  <TableRow key={r.emailAddress}>
                    <TableCell>{r.emailAddress}</TableCell>
                    <TableCell>{r.mobilePhone ?? ''}</TableCell>
                    <TableCell>
                      <Switch
                        size="small"
                        checked={r.enableSmsNotification}
                        disabled={!r.mobilePhone}
                        onChange={(_e, on) => update(i, { ...r, enableSmsNotification: on })}
                        slotProps={{ input: label('SMS') }}
                      />
                    </TableCell>
                    <TableCell>
                      <Checkbox
                        size="small"
                        checked={r.sameDeliveryDaysAsMarketplace}
                        onChange={(_e, on) =>
                          update(i, { ...r, sameDeliveryDaysAsMarketplace: on })
                        }
                        slotProps={{ input: label('Same delivery days as marketplace') }}
                      />
                    </TableCell>
                    {WEEK_DAYS.map((d) => (
                      <TableCell key={d.field} sx={{ px: 0 }}>
                        <Checkbox
                          size="small"
                          checked={r[d.field]}
                          disabled={r.sameDeliveryDaysAsMarketplace}
                          onChange={(_e, on) => update(i, { ...r, [d.field]: on })}
                          slotProps={{ input: label(d.key) }}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Checkbox
                        size="small"
                        checked={r.sameDeliveryTimesAsMarketplace}
                        onChange={(_e, on) =>
                          update(i, { ...r, sameDeliveryTimesAsMarketplace: on })
                        }
                        slotProps={{ input: label('Same delivery times as marketplace') }}
                      />
                    </TableCell>
                    <TableCell>
                      <Switch
                        size="small"
                        checked={r.deliver24Hours}
                        disabled={r.sameDeliveryTimesAsMarketplace}
                        onChange={(_e, on) => update(i, apply24Hours(r, on))}
                        slotProps={{ input: label('24 hours') }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        type="time"
                        size="small"
                        value={r.referralDeliveryStartTime ?? ''}
                        disabled={times}
                        onChange={(e) =>
                          update(i, { ...r, referralDeliveryStartTime: e.target.value })
                        }
                        slotProps={{ htmlInput: { step: 1, ...label('Start') } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        type="time"
                        size="small"
                        value={r.referralDeliveryEndTime ?? ''}
                        disabled={times}
                        onChange={(e) =>
                          update(i, { ...r, referralDeliveryEndTime: e.target.value })
                        }
                        slotProps={{ htmlInput: { step: 1, ...label('End') } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={r.referralDeliveryTimezone ?? ''}
                        disabled={r.sameDeliveryTimesAsMarketplace}
                        onChange={(e) =>
                          update(i, { ...r, referralDeliveryTimezone: e.target.value })
                        }
                        slotProps={{ htmlInput: label('Timezone') }}
                      >
                        {TIMEZONES.map((t) => (
                          <MenuItem key={t.zone} value={t.zone}>
                            {t.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      );
    }}
  />
);
