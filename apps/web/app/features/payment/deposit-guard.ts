/**
 * Whether closing the wallet would abandon a deposit (a filled-in form, or an address/QR deposit
 * waiting): then dismissing it asks through `cancel-deposit` first (spec §2). Written by the deposit
 * panel, read by the modal host at dismiss time.
 */
let inProgress = false;

export const setDepositInProgress = (value: boolean) => {
  inProgress = value;
};

export const isDepositInProgress = () => inProgress;
