package gridmarket.market.language;

/**
 * A place in a source text, for error messages.
 *
 * @param source the file name (or another label of the text)
 * @param line   1-based line
 * @param column 1-based column
 */
public record Position(String source, int line, int column) {
    @Override
    public String toString() {
        return source + ":" + line + ":" + column;
    }
}
