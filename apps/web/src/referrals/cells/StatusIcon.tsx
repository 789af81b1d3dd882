import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PanoramaFishEyeIcon from '@mui/icons-material/PanoramaFishEye';
import PhoneIcon from '@mui/icons-material/Phone';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import ContrastIcon from '@mui/icons-material/Contrast';
import { useTheme } from '@mui/material/styles';
import type { IconKey, StatusIcon as StatusIconData } from '@referrals/shared';
import { tokenColour } from '../../theme/theme';

const ICONS: Readonly<Record<IconKey, typeof CheckCircleIcon>> = {
  checkCircle: CheckCircleIcon,
  cross: CancelIcon,
  circle: PanoramaFishEyeIcon,
  halfCircle: ContrastIcon,
  threeQuarterCircle: TimelapseIcon,
  phone: PhoneIcon,
  hourglass: HourglassBottomIcon,
};

/** A shared icon key drawn in its colour token; decorative (the text beside it says the same). */
export const StatusIcon = ({ icon }: { readonly icon: StatusIconData }) => {
  const theme = useTheme();
  const Icon = ICONS[icon.icon];
  return <Icon fontSize="small" aria-hidden sx={{ color: tokenColour(theme, icon.colour) }} />;
};
