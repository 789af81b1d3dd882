import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNow, useViewerTimeZone, viewerTimeZone } from '../time/clock';
import { RenderBasisProvider, type RenderBasis } from './renderBasis';

const basis: RenderBasis = {
  now: Date.parse('2026-01-02T03:04:05Z'),
  timeZone: 'Pacific/Chatham',
  mode: 'dark',
  mobile: true,
};

describe('RenderBasisProvider', () => {
  it('renders first with the server render’s clock and zone, then with the browser’s own', () => {
    const seen: string[] = [];
    const Probe = () => {
      seen.push(`${useNow().toISOString()} ${useViewerTimeZone()}`);
      return null;
    };
    render(
      <RenderBasisProvider basis={basis}>
        <Probe />
      </RenderBasisProvider>,
    );
    expect(seen[0]).toBe('2026-01-02T03:04:05.000Z Pacific/Chatham');
    const last = seen.at(-1) ?? '';
    expect(last.endsWith(` ${viewerTimeZone()}`)).toBe(true);
    expect(Date.parse(last.split(' ')[0] ?? '')).toBeGreaterThan(basis.now);
  });

  it('gives nothing on a page rendered in the browser alone', () => {
    const seen: string[] = [];
    const Probe = () => {
      seen.push(useViewerTimeZone());
      return null;
    };
    render(
      <RenderBasisProvider basis={null}>
        <Probe />
      </RenderBasisProvider>,
    );
    expect(seen[0]).toBe(viewerTimeZone());
  });
});
