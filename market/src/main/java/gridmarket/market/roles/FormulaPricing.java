package gridmarket.market.roles;

import gridmarket.market.FormulaException;
import gridmarket.market.MachineFunction;
import gridmarket.market.Placement;
import gridmarket.market.Request;

/** The thesis' owner (6.3.1): the price is the machine function MF (MF1-MF6 or a formula) of the placement. */
public final class FormulaPricing implements OwnerStrategy {
    private final String machine;
    private final MachineFunction mf;

    /** @param machine the machine's name, for error messages */
    public FormulaPricing(String machine, MachineFunction mf) {
        this.machine = machine;
        this.mf = mf;
    }

    @Override
    public double price(Request request, Placement p, long now) {
        try {
            return mf.price(p.nodeCount(), p.end() - p.start(), p.start(), p.variables());
        } catch (FormulaException e) {
            throw new FormulaException("machine " + machine + ", job " + request.job().id() + ": " + e.getMessage());
        }
    }

    @Override
    public double priceFloor(Request request, int nodes, long runTime, long now) {
        return mf.floor(nodes, runTime);
    }
}
