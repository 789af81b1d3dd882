import { useState } from 'react';
import { Button, IconButton, Menu, MenuItem } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { PUBLIC_CTA_TEXTS, ROUTES, type Brand } from '@referrals/shared';

type Links = Pick<Brand, 'demoLink' | 'buyNowLink' | 'signUpLink'>;

const callsOf = (brand: Links) => [
  { text: PUBLIC_CTA_TEXTS.demo, href: brand.demoLink },
  { text: PUBLIC_CTA_TEXTS.buyNow, href: brand.buyNowLink },
  { text: PUBLIC_CTA_TEXTS.signUp, href: brand.signUpLink },
  { text: PUBLIC_CTA_TEXTS.logIn, href: `/${ROUTES.admin}` },
];

/**
 * The public feed's calls to action: buttons in the app bar on a desk, one menu on a phone (four
 * buttons would push the bar past the screen's edge). The server render's guess of the width
 * decides which, so hydration renders the same.
 */
export const PublicCallsToAction = ({
  brand,
  mobile,
}: {
  readonly brand: Links;
  readonly mobile: boolean;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const calls = callsOf(brand);
  if (!mobile)
    return calls.map((c, i) => (
      <Button
        key={c.text}
        color="inherit"
        variant={i === calls.length - 1 ? 'outlined' : 'text'}
        href={c.href}
      >
        {c.text}
      </Button>
    ));
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {calls.map((c) => (
          <MenuItem key={c.text} component="a" href={c.href}>
            {c.text}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
