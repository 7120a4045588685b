/**
 * Real third-party shogi data for tests: perft tables, CSA/KIF/KI2/JKF game records, USI game lists and
 * tsume problems, kept byte-for-byte under the resource folder {@code dev/meijin/testdata/}, with their
 * provenance and licences in {@code SOURCES.md} and {@code MANIFEST.tsv} beside them.
 *
 * <p>{@link dev.meijin.testdata.TestData} opens, decodes and lists the files from the class path, and
 * {@link dev.meijin.testdata.Mutations} breaks them at random (with a fixed seed) for fuzz tests. Only test
 * scopes depend on this package; it depends on nothing but the JDK. Files under any {@code errors/} folder
 * are malformed on purpose.
 */
package dev.meijin.testdata;
