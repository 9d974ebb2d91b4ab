package gridmarket.market.language;

import gridmarket.market.language.DescriptionLanguageParser.AndContext;
import gridmarket.market.language.DescriptionLanguageParser.CallContext;
import gridmarket.market.language.DescriptionLanguageParser.CompareContext;
import gridmarket.market.language.DescriptionLanguageParser.CompareTextContext;
import gridmarket.market.language.DescriptionLanguageParser.ElementContext;
import gridmarket.market.language.DescriptionLanguageParser.ExpressionContext;
import gridmarket.market.language.DescriptionLanguageParser.GroupContext;
import gridmarket.market.language.DescriptionLanguageParser.IsDefContext;
import gridmarket.market.language.DescriptionLanguageParser.IsNdefContext;
import gridmarket.market.language.DescriptionLanguageParser.KeyContext;
import gridmarket.market.language.DescriptionLanguageParser.NegateContext;
import gridmarket.market.language.DescriptionLanguageParser.NotContext;
import gridmarket.market.language.DescriptionLanguageParser.NumberContext;
import gridmarket.market.language.DescriptionLanguageParser.ObjectContext;
import gridmarket.market.language.DescriptionLanguageParser.OrContext;
import gridmarket.market.language.DescriptionLanguageParser.ParenthesizedContext;
import gridmarket.market.language.DescriptionLanguageParser.ProductContext;
import gridmarket.market.language.DescriptionLanguageParser.SumContext;
import gridmarket.market.language.DescriptionLanguageParser.TestContext;
import gridmarket.market.language.DescriptionLanguageParser.ValueContext;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads description-language text (docs/LANGUAGE.md) into a {@link Document}. The first error ends the parse and is
 * reported as one line, {@code file:line:column: message}: syntax errors as the generated parser finds them, and what
 * the grammar leaves open (a name given twice in one list, an ELEMENT number beyond a long) at the offending token.
 */
public final class DescriptionParser {

    /** Reads a UTF-8 file; the file name is the source label of positions and messages. */
    public Document parse(Path file) throws LanguageException {
        return parse(file.toString(), read(file), null);
    }

    /**
     * Reads a file whose objects must all be of one kind (as its extension says, see {@link ObjectKind#ofFile}); an
     * object of another kind is an error at its keyword.
     */
    public Document parse(Path file, ObjectKind kind) throws LanguageException {
        return parse(file.toString(), read(file), kind);
    }

    /** Reads text; {@code source} labels positions and messages (a file name, or e.g. "experiment.yaml users[0]"). */
    public Document parse(String source, String text) throws LanguageException {
        return parse(source, text, null);
    }

    private static String read(Path file) throws LanguageException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new LanguageException(file + ": no such file");
        } catch (IOException e) {
            throw new LanguageException(file + ": cannot read: " + e.getMessage());
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new LanguageException(file + ": not UTF-8 text");
        }
    }

    private Document parse(String source, String text, ObjectKind only) throws LanguageException {
        FirstError errors = new FirstError(source);
        DescriptionLanguageLexer lexer = new DescriptionLanguageLexer(CharStreams.fromString(text, source));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill(); // lexed whole first, so that the sizes are checked before the parser recurses
        checkSize(source, tokens.getTokens());
        DescriptionLanguageParser parser = new DescriptionLanguageParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(errors);
        DescriptionLanguageParser.DocumentContext tree = parser.document();
        if (errors.first != null) {
            throw new LanguageException(errors.first);
        }
        return new Builder(source, only).document(tree);
    }

    /** The deepest nesting of parentheses in one VALUE or CONDITION. */
    public static final int MAX_DEPTH = 64;
    /**
     * The most operators (and function calls) in one VALUE or CONDITION: at 1,000 a run's parse, evaluation and
     * printing needed 256-512 KB of stack, once more than a thread's default 1 MB; half of that keeps a margin.
     */
    public static final int MAX_OPERATORS = 500;

    /**
     * Refuses, before the parser sees them, expressions nested or long enough to exhaust the stack: the parser and
     * every later walk of an expression (evaluation, printing, compiling) recurse once per level, and 10,000
     * parentheses or a 100,000-term sum would overflow it. Counted per innermost braces, which hold one expression
     * or condition; the error names the token where a limit is passed.
     */
    private static void checkSize(String source, List<Token> tokens) throws LanguageException {
        int depth = 0;
        int operators = 0;
        for (Token t : tokens) {
            String literal = DescriptionLanguageLexer.VOCABULARY.getLiteralName(t.getType());
            if (literal == null) {
                continue;
            }
            switch (literal) {
                case "'{'", "'}'" -> {
                    depth = 0;
                    operators = 0;
                }
                case "'('" -> {
                    if (++depth > MAX_DEPTH) {
                        throw new LanguageException(source + ":" + t.getLine() + ":" + (t.getCharPositionInLine() + 1)
                                + ": parentheses nested deeper than " + MAX_DEPTH + " in one expression");
                    }
                }
                case "')'" -> depth--;
                case "'+'", "'-'", "'*'", "'/'", "'%'", "'&&'", "'||'", "'<'", "'>'", "'<='", "'>='", "'=='", "'!='",
                     "'EQ'", "'NE'", "'NOT'", "'SQRT'", "'EXP'", "'LOG'" -> {
                    if (++operators > MAX_OPERATORS) {
                        throw new LanguageException(source + ":" + t.getLine() + ":" + (t.getCharPositionInLine() + 1)
                                + ": more than " + MAX_OPERATORS + " operators in one expression");
                    }
                }
                default -> {
                }
            }
        }
    }

    /**
     * Keeps the earliest lexer or parser error in the text; later ones follow from it. (The lexer reads the whole text
     * before the parser starts, so the first reported is not always the first in the text.)
     */
    private static final class FirstError extends BaseErrorListener {
        private final String source;
        private String first;
        private long place = Long.MAX_VALUE;

        FirstError(String source) {
            this.source = source;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int column, String msg,
                                RecognitionException e) {
            long here = (long) line << 32 | column;
            if (here < place) {
                place = here;
                first = source + ":" + line + ":" + (column + 1) + ": " + (recognizer instanceof Lexer
                        ? unexpected(msg) : msg.replace("<EOF>", "end of file"));
            }
        }

        /** The lexer's "token recognition error at: 'x'" in the words of the language. */
        private static String unexpected(String msg) {
            String at = msg.substring(msg.indexOf('\'') + 1, msg.length() - 1);
            if (at.startsWith("\"")) {
                return "text " + at + " is not closed on its line, or has an escape other than \\\" and \\\\";
            }
            String c = at.substring(0, 1);
            String hint = switch (c) {
                case "&" -> " (and is written &&)";
                case "|" -> " (or is written ||)";
                case "!" -> " (not equal is written !=)";
                case "." -> " (a decimal number has digits on both sides of the point)";
                default -> "";
            };
            return "unexpected character '" + c + "'" + hint;
        }
    }

    /** Turns the parse tree into the immutable document, checking names per list. */
    private static final class Builder {
        private final String source;
        private final ObjectKind only;

        Builder(String source, ObjectKind only) {
            this.source = source;
            this.only = only;
        }

        Document document(DescriptionLanguageParser.DocumentContext c) throws LanguageException {
            List<DescriptionObject> objects = new ArrayList<>();
            Distinct ids = new Distinct("object id");
            for (ObjectContext o : c.object()) {
                ids.add(o.id);
                objects.add(object(o));
            }
            return new Document(objects);
        }

        private DescriptionObject object(ObjectContext c) throws LanguageException {
            ObjectKind kind = ObjectKind.valueOf(c.kind.getText());
            if (only != null && kind != only) {
                throw LanguageException.at(at(c.kind), kind + " in a file of " + only + " objects ("
                        + only.extension() + "; " + kind + " objects go in " + kind.extension() + " files)");
            }
            List<Key> keys = new ArrayList<>();
            Distinct names = new Distinct("KEY");
            for (KeyContext k : c.key()) {
                names.add(k.name);
                keys.add(key(k));
            }
            return new DescriptionObject(kind, text(c.id), keys);
        }

        private Key key(KeyContext c) throws LanguageException {
            if (c.element().isEmpty()) {
                return Key.ofValues(text(c.name), values(c.value()));
            }
            List<Element> elements = new ArrayList<>();
            Distinct numbers = new Distinct("ELEMENT");
            for (ElementContext e : c.element()) {
                Element element = element(e);
                numbers.add(Long.toString(element.number()), e.number);
                elements.add(element);
            }
            return Key.ofElements(text(c.name), elements);
        }

        private Element element(ElementContext c) throws LanguageException {
            long number;
            try {
                number = Long.parseLong(c.number.getText());
            } catch (NumberFormatException e) {
                throw LanguageException.at(at(c.number), "ELEMENT number " + c.number.getText()
                        + " is beyond " + Long.MAX_VALUE);
            }
            Optional<Condition> condition = c.condition() == null ? Optional.empty()
                    : Optional.of(test(c.condition().test()));
            return new Element(number, condition, values(c.value()));
        }

        private List<Value> values(List<ValueContext> cs) throws LanguageException {
            List<Value> values = new ArrayList<>();
            Distinct names = new Distinct("VALUE");
            for (ValueContext v : cs) {
                names.add(v.name);
                values.add(new Value(text(v.name), v.text != null ? new Value.Text(text(v.text))
                        : expression(v.expression())));
            }
            return values;
        }

        private Condition test(TestContext c) {
            if (c instanceof CompareContext t) {
                return new Condition.Compare(attribute(t.attribute), Condition.Relation.of(t.op.getText()),
                        expression(t.expression()));
            } else if (c instanceof CompareTextContext t) {
                return new Condition.CompareText(attribute(t.attribute), t.op.getType()
                        == DescriptionLanguageLexer.EQ, text(t.text));
            } else if (c instanceof NotContext t) {
                return new Condition.Not(test(t.test()));
            } else if (c instanceof IsDefContext t) {
                return new Condition.Defined(attribute(t.attribute), true);
            } else if (c instanceof IsNdefContext t) {
                return new Condition.Defined(attribute(t.attribute), false);
            } else if (c instanceof GroupContext t) {
                return test(t.test());
            } else if (c instanceof AndContext t) {
                return new Condition.And(test(t.test(0)), test(t.test(1)));
            } else if (c instanceof OrContext t) {
                return new Condition.Or(test(t.test(0)), test(t.test(1)));
            }
            throw new IllegalStateException("grammar and builder disagree: " + c.getClass().getSimpleName());
        }

        private Expression expression(ExpressionContext c) {
            if (c instanceof NumberContext t) {
                return new Expression.Number(new BigDecimal(t.getText()));
            } else if (c instanceof DescriptionLanguageParser.AttributeContext t) {
                return attribute(t.NAME().getSymbol());
            } else if (c instanceof NegateContext t) {
                return new Expression.Negate(expression(t.expression()));
            } else if (c instanceof ProductContext t) {
                return new Expression.Binary(Expression.Operator.of(t.op.getText()), expression(t.expression(0)),
                        expression(t.expression(1)));
            } else if (c instanceof SumContext t) {
                return new Expression.Binary(Expression.Operator.of(t.op.getText()), expression(t.expression(0)),
                        expression(t.expression(1)));
            } else if (c instanceof CallContext t) {
                return new Expression.Call(Expression.Function.valueOf(t.function.getText()),
                        expression(t.expression()));
            } else if (c instanceof ParenthesizedContext t) {
                return expression(t.expression());
            }
            throw new IllegalStateException("grammar and builder disagree: " + c.getClass().getSimpleName());
        }

        private Expression.Attribute attribute(Token name) {
            return new Expression.Attribute(name.getText(), at(name));
        }

        private Position at(Token t) {
            return new Position(source, t.getLine(), t.getCharPositionInLine() + 1);
        }

        /** A quoted string's content: quotes removed, {@code \"} and {@code \\} unescaped. */
        private static String text(Token quoted) {
            String s = quoted.getText();
            return s.substring(1, s.length() - 1).replaceAll("\\\\([\"\\\\])", "$1");
        }

        /** Names that must not repeat within one list; the second one is reported where it is written. */
        private final class Distinct {
            private final String what;
            private final Map<String, Position> seen = new HashMap<>();

            Distinct(String what) {
                this.what = what;
            }

            /** A quoted name. */
            void add(Token quoted) throws LanguageException {
                add("\"" + text(quoted) + "\"", quoted);
            }

            /** A name as it is shown in the message, written at {@code where}. */
            void add(String shown, Token where) throws LanguageException {
                Position first = seen.putIfAbsent(shown, at(where));
                if (first != null) {
                    throw LanguageException.at(at(where), what + " " + shown + " is given twice (first at "
                            + first.line() + ":" + first.column() + ")");
                }
            }
        }
    }
}
