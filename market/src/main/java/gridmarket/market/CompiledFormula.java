package gridmarket.market;

import org.nfunk.jep.ASTConstant;
import org.nfunk.jep.ASTFunNode;
import org.nfunk.jep.ASTVarNode;
import org.nfunk.jep.Node;
import org.nfunk.jep.ParseException;
import org.nfunk.jep.function.Add;
import org.nfunk.jep.function.Divide;
import org.nfunk.jep.function.Multiply;
import org.nfunk.jep.function.PostfixMathCommandI;
import org.nfunk.jep.function.Subtract;
import org.nfunk.jep.function.UMinus;

import java.util.List;
import java.util.Stack;

/**
 * A JEP parse tree turned into nested closures over a {@code double[]} of variable values, so that evaluating an MF
 * or UF for every candidate placement costs no boxing, no symbol-table writes and no visitor dispatch (JEP's own
 * evaluator spent most of a market run's time there). The four arithmetic operators and unary minus are evaluated
 * directly; every other function or operator is handed to JEP's own implementation with its arguments, so the
 * results are JEP's (a non-real result, e.g. the square root of a negative number, is reported as not finite).
 * {@code FormulaTest} checks the closures against JEP's evaluator on random values.
 */
final class CompiledFormula {
    /** One node of the compiled tree. */
    interface Op {
        double eval(double[] v);
    }

    /** Thrown by an operation whose JEP result is not a real number. */
    static final class NotReal extends RuntimeException {
        final transient Object value;

        NotReal(Object value) {
            super(String.valueOf(value), null, false, false);
            this.value = value;
        }
    }

    private CompiledFormula() {
    }

    /** The index of the variable the node reads, or -1 (a constant, or anything else). */
    private static int variable(Node node, List<String> variables) {
        return node instanceof ASTVarNode var ? variables.indexOf(var.getName()) : -1;
    }

    /**
     * {@code a op b}; an operand that is a variable ({@code i}, {@code j} at least 0) is read in place: a price or
     * utility is evaluated for every candidate placement, and most of a machine function's operands are variables.
     */
    private static Op arithmetic(PostfixMathCommandI cmd, Op a, Op b, int i, int j) {
        if (cmd instanceof Add) {
            return i >= 0 && j >= 0 ? v -> v[i] + v[j] : j >= 0 ? v -> a.eval(v) + v[j]
                    : i >= 0 ? v -> v[i] + b.eval(v) : v -> a.eval(v) + b.eval(v);
        }
        if (cmd instanceof Subtract) {
            return i >= 0 && j >= 0 ? v -> v[i] - v[j] : j >= 0 ? v -> a.eval(v) - v[j]
                    : i >= 0 ? v -> v[i] - b.eval(v) : v -> a.eval(v) - b.eval(v);
        }
        if (cmd instanceof Multiply) {
            return i >= 0 && j >= 0 ? v -> v[i] * v[j] : j >= 0 ? v -> a.eval(v) * v[j]
                    : i >= 0 ? v -> v[i] * b.eval(v) : v -> a.eval(v) * b.eval(v);
        }
        return i >= 0 && j >= 0 ? v -> v[i] / v[j] : j >= 0 ? v -> a.eval(v) / v[j]
                : i >= 0 ? v -> v[i] / b.eval(v) : v -> a.eval(v) / b.eval(v);
    }

    static Op compile(Node node, List<String> variables) {
        if (node instanceof ASTConstant c) {
            Object value = c.getValue();
            if (!(value instanceof Number n)) {
                throw new NotReal(value);
            }
            double d = n.doubleValue();
            return v -> d;
        }
        if (node instanceof ASTVarNode var) {
            int i = variables.indexOf(var.getName());
            if (i < 0) { // a JEP constant (pi, e): the parser refused every other name
                Object value = var.getVar().getValue();
                if (!(value instanceof Number c)) {
                    throw new NotReal(value);
                }
                double d = c.doubleValue();
                return v -> d;
            }
            return v -> v[i];
        }
        ASTFunNode f = (ASTFunNode) node;
        int n = f.jjtGetNumChildren();
        Op[] args = new Op[n];
        for (int k = 0; k < n; k++) {
            args[k] = compile(f.jjtGetChild(k), variables);
        }
        PostfixMathCommandI cmd = f.getPFMC();
        if (cmd instanceof UMinus && n == 1) {
            int i = variable(f.jjtGetChild(0), variables);
            Op a = args[0];
            return i >= 0 ? v -> -v[i] : v -> -a.eval(v);
        }
        if (n == 2 && (cmd instanceof Add || cmd instanceof Subtract || cmd instanceof Multiply
                || cmd instanceof Divide)) {
            return arithmetic(cmd, args[0], args[1], variable(f.jjtGetChild(0), variables),
                    variable(f.jjtGetChild(1), variables));
        }
        return v -> {
            Stack<Object> stack = new Stack<>();
            for (Op a : args) {
                stack.push(a.eval(v));
            }
            cmd.setCurNumberOfParameters(n);
            try {
                cmd.run(stack);
            } catch (ParseException e) {
                throw new NotReal(e.getMessage());
            }
            Object r = stack.pop();
            if (r instanceof Number num) {
                return num.doubleValue();
            }
            if (r instanceof Boolean b) {
                return b ? 1 : 0;
            }
            throw new NotReal(r);
        };
    }
}
