import { h } from './dom.js';

/**
 * Asks before something that cannot be undone, in a modal <dialog>: the browser traps focus in
 * it, Escape cancels, and focus returns to the button that opened it. Resolves true to go on.
 */
export function confirmAction({ title, message, confirmLabel, danger = true }) {
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const cancel = h('button', { type: 'button', class: 'btn btn-secondary', value: 'cancel' }, 'Cancel');
    const confirm = h('button', { type: 'button', class: danger ? 'btn btn-danger' : 'btn', value: 'confirm' }, confirmLabel);
    const titleId = `confirm-title-${Date.now()}`;
    const dialog = h(
      'dialog',
      { 'aria-labelledby': titleId },
      h('h2', { id: titleId }, title),
      h('p', {}, message),
      h('div', { class: 'actions' }, cancel, confirm),
    );
    const finish = (answer) => {
      dialog.close();
      dialog.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      resolve(answer);
    };
    cancel.addEventListener('click', () => finish(false));
    confirm.addEventListener('click', () => finish(true));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
