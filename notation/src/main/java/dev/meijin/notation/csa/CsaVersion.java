package dev.meijin.notation.csa;

/** The CSA record versions {@link CsaWriter} can write. */
public enum CsaVersion {
    /** Version 2.2: times in whole seconds ({@code T12}), {@code $TIME_LIMIT}. The default. */
    V2_2("V2.2"),
    /**
     * Version 3.0: an {@code 'CSA encoding=UTF-8} first line, times with milliseconds ({@code T12.345}),
     * {@code $TIME}, {@code $MAX_MOVES}, {@code $JISHOGI}, {@code %MAX_MOVES}.
     */
    V3_0("V3.0");

    private final String line;

    CsaVersion(String line) {
        this.line = line;
    }

    /** The version line, for example {@code V2.2}. */
    public String line() {
        return line;
    }
}
