package dev.meijin.server.socket;

import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the server. */
public final class Json {
    private Json() {}

    /**
     * A mapper that writes nulls, fails on nothing it writes, and reads strictly, within Jackson's default read
     * limits; a text over a limit is refused with a {@link StreamConstraintsException} whose message says which
     * limit in plain words, for the client to read ("is nested too deeply (at most 500 levels)").
     */
    public static JsonMapper mapper() {
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(new PlainLimits(StreamReadConstraints.defaults())).build();
        return JsonMapper.builder(factory).disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();
    }

    /**
     * Jackson's read limits with messages for the people who send the JSON: Jackson's own name its settings
     * ("from `StreamReadConstraints.getMaxNestingDepth()`"). Each message reads after "the body" or "the message".
     * Only the limits that a body or message within the size caps can reach are reworded; document length and
     * token count are not limited, and strings are limited far above the caps.
     */
    private static final class PlainLimits extends StreamReadConstraints {
        private static final long serialVersionUID = 1L;

        PlainLimits(StreamReadConstraints c) {
            super(c.getMaxNestingDepth(), c.getMaxDocumentLength(), c.getMaxTokenCount(), c.getMaxNumberLength(), c.getMaxStringLength(),
                    c.getMaxNameLength());
        }

        @Override
        public void validateNestingDepth(int depth) throws StreamConstraintsException {
            if (depth > _maxNestingDepth) {
                throw new StreamConstraintsException("is nested too deeply (at most " + _maxNestingDepth + " levels of arrays and objects)");
            }
        }

        @Override
        public void validateIntegerLength(int length) throws StreamConstraintsException {
            numberLength(length);
        }

        @Override
        public void validateFPLength(int length) throws StreamConstraintsException {
            numberLength(length);
        }

        private void numberLength(int length) throws StreamConstraintsException {
            if (length > _maxNumLen) {
                throw new StreamConstraintsException("has a number of " + length + " characters (at most " + _maxNumLen + ")");
            }
        }

        @Override
        public void validateNameLength(int length) throws StreamConstraintsException {
            if (length > _maxNameLen) {
                throw new StreamConstraintsException("has a field name of " + length + " characters (at most " + _maxNameLen + ")");
            }
        }
    }
}
