import { Box, Button, Dialog, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { publicClaimModal, ROUTES } from '@referrals/shared';
import { useBrand } from '../app/BrandContext';
import { useServices } from '../app/services';

/**
 * The public claim modal: a centred dialog over a backdrop (a click on the backdrop closes it)
 * inviting the visitor to sign up, or to log in and claim.
 */
export const PublicClaimModal = ({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) => {
  const brand = useBrand();
  const { auth } = useServices();
  const m = publicClaimModal(brand, `/${ROUTES.allReferrals}`, auth.session !== null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="claim-modal-title">
      <DialogTitle id="claim-modal-title">{m.heading}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{m.body}</Typography>
        <Button variant="contained" href={m.getAdvantage.href} target="_blank" rel="noopener">
          {m.getAdvantage.text}
        </Button>
        <Box sx={{ mt: 2 }}>
          {m.alreadySignedUp} <Link href={m.appLink.href}>{m.appLink.text}</Link>
        </Box>
      </DialogContent>
    </Dialog>
  );
};
