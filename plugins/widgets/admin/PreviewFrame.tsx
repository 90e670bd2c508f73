// The live preview's frame: the widget renders inside a Shadow DOM root, so the storefront CSS of
// the widgets and the admin's MUI styles never touch each other. The page inside is a stand-in
// for a shop's page; `transform` makes it the containing block of anything fixed, so nothing a
// widget positions on the window can escape the frame and cover the admin.
import { Component, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mui/material';

const FRAME_CSS = `
:host { all: initial; display: block; }
.pl-preview-page { position: relative; transform: translateZ(0); overflow: hidden; box-sizing: border-box;
  padding: 24px; background: #fff; color: #1f2328;
  font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.pl-preview-page * { box-sizing: border-box; }
.pl-preview-unavailable { color: #6d7175; padding: 24px; text-align: center; }
`;

export function PreviewFrame({ css, width, label, children }: { css: string; width: number | '100%'; label: string; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const el = host.current!;
    setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: '#fff',
        mx: 'auto',
        width,
        maxWidth: '100%',
        transition: 'width .2s',
      }}
    >
      <div ref={host} role="region" aria-label={label} data-testid="widget-preview" />
      {root &&
        createPortal(
          <>
            <style>{FRAME_CSS}</style>
            <style>{css}</style>
            <div className="pl-preview-page">{children}</div>
          </>,
          root,
        )}
    </Box>
  );
}

/** A widget that throws while rendering a half-typed draft shows a note instead of breaking the screen. */
export class PreviewBoundary extends Component<{ fallback: string; resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  render() {
    return this.state.failed ? <p className="pl-preview-unavailable">{this.props.fallback}</p> : this.props.children;
  }
}
