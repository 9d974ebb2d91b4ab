package gridmarket.market;

import org.nfunk.jep.JEP;
import org.nfunk.jep.Node;
import org.nfunk.jep.ParseException;
import org.nfunk.jep.Variable;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A user-written formula (a machine function MF or a utility function UF), parsed once by JEP and evaluated many
 * times with new variable values.
 *
 * <p>Only the variables given at construction are known; any other name is a {@link FormulaException} at parse
 * time, naming the variable. Not thread-safe: every model compiles its own formulas.
 */
public final class Formula {
    private final String text;
    private final JEP jep = new JEP();
    private final Node tree;
    private final Variable[] vars;
    private final CompiledFormula.Op compiled;

    /**
     * @param text      the formula, e.g. {@code -(StartTime + JobCost)}
     * @param variables the names it may use, in the order {@link #evaluate(double...)} takes their values
     * @throws FormulaException for a syntax error or an unknown variable
     */
    public Formula(String text, List<String> variables) {
        this.text = text;
        jep.addStandardFunctions();
        jep.addStandardConstants();
        jep.setAllowUndeclared(true); // so that unknown names can be reported by name below
        jep.setImplicitMul(false);
        for (String v : variables) {
            jep.addVariable(v, 0.0);
        }
        Node parsed;
        try {
            parsed = jep.parse(text);
        } catch (ParseException | Error e) {
            String msg = e.getMessage() == null ? "syntax error" : e.getMessage().lines().findFirst().orElse("");
            throw new FormulaException("formula '" + text + "': " + msg);
        }
        Set<String> unknown = new TreeSet<>();
        for (Object o : jep.getSymbolTable().keySet()) {
            String name = o.toString();
            if (!variables.contains(name) && !isConstant(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new FormulaException("formula '" + text + "': unknown variable" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + " (known: " + String.join(", ", variables) + ")");
        }
        this.tree = parsed;
        this.vars = new Variable[variables.size()];
        for (int i = 0; i < vars.length; i++) {
            vars[i] = jep.getVar(variables.get(i));
        }
        this.compiled = CompiledFormula.compile(parsed, variables);
    }

    /** A value as a reader wrote it: whole numbers without a decimal point. */
    private static String shown(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static boolean isConstant(String name) {
        return name.equals("pi") || name.equals("e");
    }

    /** The formula as written. */
    public String text() {
        return text;
    }

    /**
     * Evaluates the formula.
     *
     * @param values one per variable, in the order given at construction
     * @throws FormulaException if the result is not a finite number (e.g. a division by zero)
     */
    public double evaluate(double... values) {
        double v;
        try {
            v = compiled.eval(values);
        } catch (CompiledFormula.NotReal e) {
            throw new FormulaException("formula '" + text + "' gave " + e.value + ", not a finite number"
                    + at(values));
        }
        if (!Double.isFinite(v)) {
            throw new FormulaException("formula '" + text + "' gave " + v + ", not a finite number" + at(values));
        }
        return v;
    }

    /** The variables' values, as {@code " at a = 1, b = 2"}. */
    private String at(double[] values) {
        StringBuilder at = new StringBuilder();
        for (int i = 0; i < vars.length; i++) {
            at.append(i == 0 ? " at " : ", ").append(vars[i].getName()).append(" = ").append(shown(values[i]));
        }
        return at.toString();
    }

    /** Evaluates with JEP's own evaluator: the reference the compiled form is tested against. */
    Object evaluateWithJep(double... values) throws ParseException {
        for (int i = 0; i < vars.length; i++) {
            vars[i].setValue(values[i]);
        }
        return jep.evaluate(tree);
    }
}
