import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { formatUsd, type ConversionFigures } from '@referrals/shared';
import { conversionRows, formatRate } from './conversionRows';

/** A count with its share of what was bought: '3 (60%)'. */
const share = (count: number, rate: number) => `${count} (${formatRate(rate)})`;

/** The columns of a breakdown; `returns` only in the market view. */
const COLUMNS: readonly {
  readonly title: string;
  readonly cell: (f: ConversionFigures) => string;
  readonly returns?: true;
}[] = [
  { title: 'Bought', cell: (f) => String(f.bought) },
  { title: 'Quoted', cell: (f) => share(f.quoted, f.quotedRate) },
  { title: 'Bound', cell: (f) => share(f.bound, f.boundRate) },
  { title: 'Unable', cell: (f) => share(f.unable, f.unableRate) },
  { title: 'Returned', cell: (f) => share(f.returned, f.returnRate), returns: true },
  { title: 'Spend', cell: (f) => formatUsd(f.spend) },
  {
    title: 'Cost per bound',
    cell: (f) => (f.costPerBound === null ? 'None bound' : formatUsd(f.costPerBound)),
  },
];

/** Rows a breakdown shows until the user asks for all of them. */
const TOP_ROWS = 8;

/** One breakdown of the conversion (by line, source, state or agency), most bought first. */
export const ConversionTable = ({
  title,
  groupTitle,
  groups,
  name,
  returns,
}: {
  readonly title: string;
  /** The first column's title: what a row is. */
  readonly groupTitle: string;
  readonly groups: Readonly<Record<string, ConversionFigures>>;
  readonly name: (key: string) => string;
  /** Show each row's returns (admins, market-wide). */
  readonly returns: boolean;
}) => {
  const id = useId();
  const [all, setAll] = useState(false);
  const columns = COLUMNS.filter((c) => returns || !c.returns);
  const rows = conversionRows(groups, name);
  return (
    <Box component="section" aria-labelledby={id} sx={{ flex: '1 1 36rem', minWidth: 0 }}>
      <Typography id={id} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby={id} sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {groupTitle}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.title} component="th" scope="col" align="right">
                  {c.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(all ? rows : rows.slice(0, TOP_ROWS)).map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.title} align="right">
                    {c.cell(r.figures)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > TOP_ROWS && (
        <Button size="small" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? `Show the top ${TOP_ROWS}` : `Show all ${rows.length}`}
        </Button>
      )}
    </Box>
  );
};
