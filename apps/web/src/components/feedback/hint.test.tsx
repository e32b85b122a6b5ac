import { IconButton } from '@mui/material';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from './hint.tsx';

describe('Hint', () => {
  it("names a child without an accessible name after its title, and keeps a child's own name", () => {
    render(
      <>
        <Hint title="Estado: en meta">
          <span data-testid="estado">●</span>
        </Hint>
        <Hint title="Ver detalle">
          <IconButton aria-label="Ver detalle de ETA (%)">i</IconButton>
        </Hint>
      </>,
    );
    expect(screen.getByTestId('estado').getAttribute('aria-label')).toBe('Estado: en meta');
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Ver detalle de ETA (%)');
  });

  it('shows the tooltip on the first hover, once downloaded, anchored to the same element; hides it when the pointer leaves', async () => {
    render(
      <Hint title="Día anterior">
        <IconButton aria-label="Día anterior">‹</IconButton>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Día anterior' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Día anterior'));
    // The child was not mounted again: the same node, in the document.
    expect(screen.getByRole('button', { name: 'Día anterior' })).toBe(button);
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // Hovered again: shown at once (already downloaded).
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Día anterior'));
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a touch does not show it', async () => {
    render(
      <Hint title="Cuenta">
        <IconButton aria-label="Cuenta de usuario">u</IconButton>
      </Hint>,
    );
    fireEvent.pointerEnter(screen.getByRole('button'), { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
