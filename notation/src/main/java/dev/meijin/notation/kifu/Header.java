package dev.meijin.notation.kifu;

/**
 * One header of a record, kept in file order. Keys are the KIF (Japanese) names where one exists, so that
 * headers from every format meet under one name: see {@link Headers} for the standard keys and the CSA
 * mapping. Unknown keys are kept verbatim.
 */
public record Header(String key, String value) {
    public Header {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("header key is empty");
        }
        value = value == null ? "" : value;
    }
}
