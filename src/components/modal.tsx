// Accessible modal on the native <dialog>: opens at its top with focus on its title, focus is trapped, Escape
// closes, a backdrop click closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { shell } from '../../core/i18n/messages/shell.ts';
import { useT } from '../i18n/i18n.tsx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
}

export function Modal({ open, title, onClose, children, closeLabel }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Opens at its top with the title read first, not scrolled down to its first button or link.
      dialog.querySelector<HTMLElement>('.modal-title')?.focus();
      dialog.scrollTop = 0;
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) lands on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="modal"
    >
      {open && (
        <div className="modal-body">
          <h2 id={titleId} className="modal-title" tabIndex={-1}>
            {title}
          </h2>
          {children}
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {closeLabel ?? t(shell.close)}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
