import { Link } from '@mui/material';
import { formatPhone } from '@referrals/shared';

/**
 * A phone number as people read it, dialable (tel:), in a quiet style: the text's own colour,
 * underlined on hover, so a table of numbers does not read as a table of links.
 */
export const PhoneLink = ({ phone }: { readonly phone: string | null | undefined }) => {
  const shown = formatPhone(phone);
  if (!shown) return null;
  if (!shown.href) return <>{shown.text}</>;
  return (
    <Link
      href={shown.href}
      color="inherit"
      underline="hover"
      sx={{ whiteSpace: 'nowrap' }}
      // In a clickable row, dialling must not also open the row.
      onClick={(e) => e.stopPropagation()}
    >
      {shown.text}
    </Link>
  );
};
