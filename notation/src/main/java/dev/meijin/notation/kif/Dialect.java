package dev.meijin.notation.kif;

/**
 * The two record flavours of the Kakinoki family, which share headers, board diagrams, comments and
 * variations and differ in their move lines. {@link KifReader} and {@link KifWriter} handle both; the
 * {@code dev.meijin.notation.ki2} package offers them under KI2 names.
 */
public enum Dialect {
    /**
     * KIF: numbered move lines with origins and times ({@code   1 ７六歩(77)   ( 0:01/00:00:01)}); a special
     * move line ({@code  99 投了}) ends a line, and the {@code まで…} summary is only a summary.
     */
    KIF,
    /**
     * KI2: moves with side marks and JSA relative markers, several to a line ({@code ▲７六歩    △３四歩}); no
     * times; the {@code まで…} line is the only record of how a line ended.
     */
    KI2
}
