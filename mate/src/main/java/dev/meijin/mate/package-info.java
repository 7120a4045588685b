/**
 * The tsume (mate problem) solver: allocation-free short mates for search and a df-pn solver that follows the
 * conventions of printed tsume solutions. Depends on {@code core} only.
 */
package dev.meijin.mate;
