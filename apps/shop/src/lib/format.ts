const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices as shoppers read them: "$24.99". */
export const formatMoney = (amount: number) => money.format(amount);
