package dev.meijin.engine;

/**
 * The current option values of an engine, read by searches (a snapshot is taken at each {@code go}). The initial
 * values are the defaults {@link Engine#options()} advertises.
 */
final class Options implements Cloneable {
    int hashMb = 64;
    boolean ponder = true;
    int threads = 1;
    int multiPv = 1;
    EnteringKingRule enteringKingRule = EnteringKingRule.CSA_RULE_27;
    int skillLevel = 20;
    long networkDelay = 120;
    long networkDelay2 = 1120;
    long minimumThinkingTime = 1000;
    int slowMover = 100;
    int resignValue = 99999;
    int maxMovesToDraw = 0;
    int drawValue = -2;
    String bookFile = "";
    String evalFile = "";
    boolean materialOnly = false;
    /** The search feature switched off for an ablation match, or null (the default: none). */
    SearchFeature disabledFeature = null;

    Options copy() {
        try {
            return (Options) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
