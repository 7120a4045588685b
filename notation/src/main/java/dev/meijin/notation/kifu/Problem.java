package dev.meijin.notation.kifu;

/**
 * Something wrong in a record's text, found while reading.
 *
 * @param line 1-based line number (0 if not tied to a line)
 * @param column 1-based column (0 if not known)
 * @param ply the ply of the move concerned (0 if not a move)
 * @param message what is wrong, naming the offending text
 */
public record Problem(int line, int column, int ply, String message) {
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (line > 0) {
            sb.append("line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
        }
        if (ply > 0) {
            sb.append(sb.isEmpty() ? "" : ", ").append("ply ").append(ply);
        }
        return (sb.isEmpty() ? "" : sb + ": ") + message;
    }
}
