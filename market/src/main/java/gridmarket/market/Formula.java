package gridmarket.market;

import org.nfunk.jep.ASTConstant;
import org.nfunk.jep.ASTFunNode;
import org.nfunk.jep.ASTVarNode;
import org.nfunk.jep.JEP;
import org.nfunk.jep.Node;
import org.nfunk.jep.ParseException;
import org.nfunk.jep.ParserTreeConstants;
import org.nfunk.jep.Variable;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user-written formula (a machine function MF or a utility function UF), parsed once by JEP and evaluated many
 * times with new variable values.
 *
 * <p>Only the variables given at construction are known; any other name is a {@link FormulaException} at parse
 * time, naming the variable. A formula is at most {@value #MAX_LENGTH} characters, {@value #MAX_DEPTH} parentheses
 * deep and {@value #MAX_OPERATORS} operators long, so that parsing and compiling it never exhaust the stack; and it
 * may not call JEP's {@code rand()}: a price or utility must depend on its variables alone, or the same offer would
 * be valued differently each time it is looked at and a run would not reproduce. Not thread-safe: every model
 * compiles its own formulas.
 */
public final class Formula {
    /** The longest formula, in characters. */
    public static final int MAX_LENGTH = 10_000;
    /** The deepest nesting of parentheses. */
    public static final int MAX_DEPTH = 64;
    /**
     * The most operators (and function calls) in one formula: at 1,000, parsing, compiling and evaluating needed
     * 256-512 KB of stack; half of that keeps a margin on a thread's default 1 MB.
     */
    public static final int MAX_OPERATORS = 500;
    /** Characters of a long formula shown either side of the place a message points at. */
    private static final int CONTEXT = 30;

    private final String text;
    private final JEP jep;
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
        checkSize(text);
        this.jep = new JEP();
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
            Matcher at = JEP_PLACE.matcher(msg);
            int column = at.find() && at.group(1).equals("1") ? Integer.parseInt(at.group(2)) : -1;
            throw new FormulaException("formula " + shown(text, column - 1) + ": " + msg);
        }
        if (calls(parsed, "rand")) {
            throw new FormulaException("formula " + shown(text, text.indexOf("rand")) + ": rand() is not allowed: a "
                    + "price or utility must depend on its variables alone, or the same offer would be valued "
                    + "differently each time and the run would not reproduce");
        }
        Set<String> unknown = new TreeSet<>();
        for (Object o : jep.getSymbolTable().keySet()) {
            String name = o.toString();
            if (!variables.contains(name) && !isConstant(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new FormulaException("formula " + shown(text, text.indexOf(unknown.iterator().next()))
                    + ": unknown variable" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + " (known: " + String.join(", ", variables) + ")");
        }
        this.tree = parsed;
        this.vars = new Variable[variables.size()];
        for (int i = 0; i < vars.length; i++) {
            vars[i] = jep.getVar(variables.get(i));
        }
        this.compiled = CompiledFormula.compile(parsed, variables);
    }

    /** A formula read already: its tree with numbers in place of some of its variables ({@link #with}). */
    private Formula(String text, JEP jep, Node tree, List<String> variables) {
        this.text = text;
        this.jep = jep;
        this.tree = tree;
        this.vars = new Variable[variables.size()];
        for (int i = 0; i < vars.length; i++) {
            vars[i] = jep.getVar(variables.get(i));
        }
        this.compiled = CompiledFormula.compile(tree, variables);
    }

    /**
     * This formula with each of {@code names} replaced by the number in {@code values} at the same place, as if that
     * number had been written there: the formula {@code text} (which says so, for messages), without parsing it. A
     * strategy that writes a formula of its own numbers for every request reads its form once: a parse costs as much
     * as a thousand evaluations.
     *
     * @param variables the variables left, in the order {@link #evaluate(double...)} takes their values
     */
    Formula with(List<String> names, double[] values, String text, List<String> variables) {
        return new Formula(text, jep, numbered(tree, names, values), variables);
    }

    /** The tree with numbers for the named variables: new nodes on their paths, the rest shared. */
    private static Node numbered(Node node, List<String> names, double[] values) {
        if (node instanceof ASTVarNode v && names.contains(v.getName())) {
            ASTConstant number = new ASTConstant(ParserTreeConstants.JJTCONSTANT);
            number.setValue(values[names.indexOf(v.getName())]);
            return number;
        }
        if (!(node instanceof ASTFunNode f) || !mentions(f, names)) {
            return node;
        }
        ASTFunNode copy = new ASTFunNode(ParserTreeConstants.JJTFUNNODE);
        if (f.isOperator()) {
            copy.setOperator(f.getOperator());
        } else {
            copy.setFunction(f.getName(), f.getPFMC());
        }
        for (int k = f.jjtGetNumChildren() - 1; k >= 0; k--) { // the last first: the child array is sized once
            copy.jjtAddChild(numbered(f.jjtGetChild(k), names, values), k);
        }
        return copy;
    }

    private static boolean mentions(Node node, List<String> names) {
        if (node instanceof ASTVarNode v) {
            return names.contains(v.getName());
        }
        for (int k = 0; k < node.jjtGetNumChildren(); k++) {
            if (mentions(node.jjtGetChild(k), names)) {
                return true;
            }
        }
        return false;
    }

    /** JEP's place of a syntax error: "at line 1, column 7". */
    private static final Pattern JEP_PLACE = Pattern.compile("at line (\\d+), column (\\d+)");

    /**
     * Refuses a formula too long or too deep before JEP parses it: JEP's parser and the compiled closures recurse
     * once per level, and 10,000 parentheses or a 50,000-term sum would overflow the stack.
     */
    private static void checkSize(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new FormulaException("formula " + shown(text, MAX_LENGTH) + ": " + text.length()
                    + " characters, more than " + MAX_LENGTH);
        }
        int depth = 0;
        int operators = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                operators++;
                if (++depth > MAX_DEPTH) {
                    throw new FormulaException("formula " + shown(text, i) + ": parentheses nested deeper than "
                            + MAX_DEPTH + " at character " + (i + 1));
                }
            } else if (c == ')') {
                depth--;
            } else if ("+-*/%^<>=!&|".indexOf(c) >= 0 && ++operators > MAX_OPERATORS) {
                throw new FormulaException("formula " + shown(text, i) + ": more than " + MAX_OPERATORS
                        + " operators (at character " + (i + 1) + ")");
            }
        }
    }

    /** Whether the tree calls the function {@code name}. */
    private static boolean calls(Node node, String name) {
        if (node instanceof ASTFunNode f && name.equals(f.getName())) {
            return true;
        }
        for (int i = 0; i < node.jjtGetNumChildren(); i++) {
            if (calls(node.jjtGetChild(i), name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A formula quoted for a message: whole if short; else the part around {@code at} (a 0-based index, or -1 for
     * no place: its start and end), so that a message about a long formula shows where it goes wrong.
     */
    static String shown(String text, int at) {
        if (text.length() <= 2 * CONTEXT + 20) {
            return "'" + text + "'";
        }
        String length = " (" + text.length() + " characters)";
        if (at < 0) {
            return "'" + text.substring(0, CONTEXT) + " ... " + text.substring(text.length() - CONTEXT) + "'" + length;
        }
        int from = Math.max(0, Math.min(at, text.length()) - CONTEXT);
        int to = Math.min(text.length(), at + CONTEXT);
        return "'" + (from > 0 ? "..." : "") + text.substring(from, to) + (to < text.length() ? "..." : "") + "'"
                + length + " at character " + (at + 1);
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
            throw new FormulaException("formula " + shown(text, -1) + " gave " + e.value + ", not a finite number"
                    + at(values));
        }
        if (!Double.isFinite(v)) {
            throw new FormulaException("formula " + shown(text, -1) + " gave " + v + ", not a finite number"
                    + at(values));
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

    /**
     * How the value moves when the variables {@code rising} rise together and {@code fixed} stay as they are
     * ({@link Trend}: proved from the formula, or unknown).
     */
    Trend trend(Set<String> rising, Set<String> fixed) {
        return Trend.of(tree, rising, fixed);
    }

    /** Evaluates with JEP's own evaluator: the reference the compiled form is tested against. */
    Object evaluateWithJep(double... values) throws ParseException {
        for (int i = 0; i < vars.length; i++) {
            vars[i].setValue(values[i]);
        }
        return jep.evaluate(tree);
    }
}
