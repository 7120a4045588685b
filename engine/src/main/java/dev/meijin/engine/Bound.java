package dev.meijin.engine;

/** What a reported score is: exact, or only a bound because the search failed outside its window. */
public enum Bound {
    /** The score is exact. */
    EXACT,
    /** The true score is at least this (USI {@code lowerbound}). */
    LOWER,
    /** The true score is at most this (USI {@code upperbound}). */
    UPPER
}
