package dev.meijin.cli;

import java.util.Locale;

/**
 * Match statistics from the first engine's point of view: the Elo difference from the score with a 95% interval
 * (normal approximation over per-game results) and a sequential probability ratio test between two Elo
 * hypotheses (the log-likelihood ratio under a normal approximation of the score, as common engine testers use).
 */
final class MatchStats {
    private MatchStats() {}

    static double elo(double score) {
        double s = Math.min(Math.max(score, 1e-6), 1 - 1e-6);
        return -400 * Math.log10(1 / s - 1);
    }

    static double score(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    /** Elo and its 95% interval: {elo, low, high}. */
    static double[] eloInterval(int wins, int losses, int draws) {
        int n = wins + losses + draws;
        if (n == 0) {
            return new double[] {0, 0, 0};
        }
        double s = (wins + 0.5 * draws) / n;
        double var = (wins * sq(1 - s) + draws * sq(0.5 - s) + losses * sq(s)) / n;
        double se = Math.sqrt(var / n);
        return new double[] {elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se)};
    }

    /** The log-likelihood ratio of H1 (elo1) against H0 (elo0). */
    static double llr(int wins, int losses, int draws, double elo0, double elo1) {
        int n = wins + losses + draws;
        if (n == 0 || wins + draws == 0 || losses + draws == 0) {
            return 0;
        }
        double s = (wins + 0.5 * draws) / n;
        double var = (wins * sq(1 - s) + draws * sq(0.5 - s) + losses * sq(s)) / n;
        if (var <= 0) {
            return 0;
        }
        double s0 = score(elo0), s1 = score(elo1);
        return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
    }

    /** The SPRT bounds for error rates alpha = beta = 0.05: {lower, upper}. */
    static double[] bounds() {
        double a = 0.05, b = 0.05;
        return new double[] {Math.log(b / (1 - a)), Math.log((1 - b) / a)};
    }

    /**
     * {@code v} with its sign and one decimal ({@code +12.3}, {@code -4.0}); a value that rounds to zero is
     * {@code +0.0}, never {@code -0.0} (an even score gives the Elo difference -0.0 in floating point).
     */
    static String signed(double v) {
        String s = String.format(Locale.ROOT, "%+.1f", v);
        return s.equals("-0.0") ? "+0.0" : s;
    }

    /** {@code v} with {@code decimals} decimals; a value that rounds to zero has no minus sign. */
    static String fixed(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.startsWith("-") && s.chars().noneMatch(c -> c >= '1' && c <= '9') ? s.substring(1) : s;
    }

    private static double sq(double x) {
        return x * x;
    }
}
