package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.fixbench.engine.sbe.app.OrderCodec;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.dictionary.Validator;
import org.fixbench.fix.session.SessionConfig;

/**
 * A coverage-guided fuzz target (Jazzer) for the codec and the validator: bytes in, no exception, no hang, no growth
 * beyond the buffers sized at start. Without {@code JAZZER_FUZZ=1} it runs once per input of its corpus in
 * {@code src/test/resources/org/fixbench/engine/sbe/FuzzTargetsTestInputs/codecAndValidator/} (a regression test);
 * with it, it fuzzes (see engines/sbe/README.md for a short run and a long one). The session's target is
 * {@link SessionFuzzTest}: Jazzer fuzzes one target per JVM, so each is a class of its own, and CI fuzzes both in one
 * Maven run with a JVM per class.
 */
class FuzzTargetsTest {
    private static final int MAX_MESSAGE_BYTES = 8192;

    @FuzzTest(maxDuration = "10s")
    void codecAndValidator(byte[] input) {
        UnsafeBuffer buffer = new UnsafeBuffer(input);
        Framing framing = new Framing(MAX_MESSAGE_BYTES);
        OrderCodec codec = new OrderCodec();
        FixMessage message = new FixMessage(MAX_MESSAGE_BYTES / 4 + 2);
        Validator validator = new Validator(SessionConfig.Bundled.FIX44);
        UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
        NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(orderBuffer, 0);
        int position = 0;
        while (position < input.length) {
            int length = framing.frameUnchecked(buffer, position, input.length - position);
            if (length <= 0) {
                position++;
                continue;
            }
            if (message.index(buffer, position, length, SessionConfig.Bundled.FIX44) >= 0) {
                message.checksumMatches();
                if (!validator.validate(message)) {
                    assertTrue(validator.text() != null && !validator.text().isEmpty());
                }
                codec.decodeNewOrderSingle(message, order);
            }
            position += length;
        }
        if (message.index(buffer, 0, input.length, null) >= 0) { // unframed bytes too
            validator.validate(message);
        }
    }

}
