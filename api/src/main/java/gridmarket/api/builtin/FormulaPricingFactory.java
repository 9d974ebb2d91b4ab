package gridmarket.api.builtin;

import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;

/** The thesis' owner, the default: prices with the machine's objective, else the market's {@code mf}. */
public final class FormulaPricingFactory implements OwnerStrategyFactory {
    @Override
    public String name() {
        return "formula";
    }

    @Override
    public String description() {
        return "the machine function (MF1-MF6 or a formula: the machine's objective, else market.mf) is the price";
    }

    @Override
    public OwnerStrategy create(OwnerSetup machine, Settings settings) {
        return new FormulaPricing(machine.machine(), machine.objective());
    }
}
