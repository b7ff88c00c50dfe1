import type { AddressInput, SavedAddress } from '@seamline/shared';

type Props = {
  addresses: readonly SavedAddress[];
  /** The chosen saved address's id, or null for a new address typed in the form. */
  selected: string | null;
  onSelect: (id: string | null, address: AddressInput | null) => void;
};

/** A saved address as the checkout's address (without its id, label and default flag). */
export const addressOf = ({ firstName, lastName, street, city, state, zipCode, country, phone }: SavedAddress) => ({
  firstName,
  lastName,
  street,
  city,
  state,
  zipCode,
  country,
  phone,
});

/** A signed-in customer's address book as choices, plus "a new address". */
export function SavedAddressPicker({ addresses, selected, onSelect }: Props) {
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="mb-2 text-sm font-medium">Saved addresses</legend>
      {addresses.map((saved) => (
        <label
          key={saved.id}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-300 p-3 has-checked:border-ink"
        >
          <input
            type="radio"
            name="saved-address"
            className="mt-1"
            checked={selected === saved.id}
            onChange={() => onSelect(saved.id, addressOf(saved))}
          />
          <span className="text-sm">
            <span className="font-medium">
              {saved.label ? `${saved.label} · ` : ''}
              {saved.firstName} {saved.lastName}
            </span>
            <br />
            {saved.street}, {saved.city}, {saved.state} {saved.zipCode}, {saved.country}
          </span>
        </label>
      ))}
      <label className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 p-3 has-checked:border-ink">
        <input type="radio" name="saved-address" checked={selected === null} onChange={() => onSelect(null, null)} />
        <span className="text-sm font-medium">Use a new address</span>
      </label>
    </fieldset>
  );
}
