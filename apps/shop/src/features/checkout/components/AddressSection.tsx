import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { AddressFields } from './AddressFields';
import { SavedAddressPicker } from './SavedAddressPicker';

/** Where the order goes: a saved address (signed in) or one typed in. */
export function AddressSection({ checkout }: { checkout: Checkout }) {
  const { addresses, savedId, selectAddress, register, errors } = checkout;
  return (
    <CheckoutSection title="Shipping address" id="address-heading">
      {addresses && addresses.length > 0 ? (
        <SavedAddressPicker addresses={addresses} selected={savedId} onSelect={selectAddress} />
      ) : null}
      {savedId === null ? <AddressFields register={register} errors={errors.address} /> : null}
    </CheckoutSection>
  );
}
