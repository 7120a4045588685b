package dev.meijin.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A usage error that lists the values an option takes: {@code --handicap: unknown handicap "foo"; valid: 平手
 * (EVEN), …}. The list is our own text, so the error handler prints it whole; only the part before it, which
 * quotes the input, is cut to a message's length.
 */
final class ChoiceException extends ParameterException {
    private static final long serialVersionUID = 1L;

    private final String head;
    private final String choices;

    /**
     * @param cmd the command whose option was given a wrong value
     * @param head what is wrong, quoting the input (cut where too long)
     * @param choices every valid value, in the order to show them
     */
    ChoiceException(CommandLine cmd, String head, List<String> choices) {
        super(cmd, head + "; valid: " + String.join(", ", choices));
        this.head = head;
        this.choices = String.join(", ", choices);
    }

    /** What is wrong, without the list. */
    String head() {
        return head;
    }

    /** The valid values, comma-separated. */
    String choices() {
        return choices;
    }
}
