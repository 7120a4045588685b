package dev.meijin.notation.kifu;

/**
 * Something wrong in a record's text, found while reading.
 *
 * @param line 1-based line number (0 if not tied to a line)
 * @param column 1-based column (0 if not known)
 * @param ply the ply of the move concerned (0 if not a move)
 * @param message what is wrong, naming the offending text; a message longer than {@link Limits#MAX_MESSAGE}
 *     characters is cut there, so that no input, however long, makes a long report line
 */
public record Problem(int line, int column, int ply, String message) {
    public Problem {
        if (message.length() > Limits.MAX_MESSAGE) {
            int cut = Limits.MAX_MESSAGE - 1;
            if (Character.isHighSurrogate(message.charAt(cut - 1))) {
                cut--;
            }
            message = message.substring(0, cut) + "…";
        }
    }

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
