package org.fixbench.fix.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.fix.TestFrames;
import org.fixbench.fix.codec.MsgTypes;
import org.junit.jupiter.api.Test;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.session.SessionConfig;

/**
 * The sbe engine's dictionary validation against QuickFIX/J's, message by message: thousands of mutations of valid
 * messages (fields removed, repeated, moved, emptied, given bad values, unknown or foreign tags, group counts off)
 * are judged by both; whatever QuickFIX/J's default validation rejects, ours must reject too.
 */
class ValidatorTest {
    private static final FixDictionary DICTIONARY = SessionConfig.Bundled.FIX44;
    private final Validator validator = new Validator(DICTIONARY);
    private final FixMessage message = new FixMessage(512);

    private static List<String[]> fields(byte[] wire) {
        List<String[]> fields = new ArrayList<>();
        for (String f : new String(wire, StandardCharsets.ISO_8859_1).split("\u0001")) {
            int eq = f.indexOf('=');
            fields.add(new String[] {f.substring(0, eq), f.substring(eq + 1)});
        }
        return fields;
    }

    /** Re-frames fields (without 8, 9, 10) with a correct BodyLength and CheckSum. */
    private static String frame(List<String[]> fields) {
        StringBuilder body = new StringBuilder();
        for (String[] f : fields) {
            if (!f[0].equals("8") && !f[0].equals("9") && !f[0].equals("10")) {
                body.append(f[0]).append('=').append(f[1]).append('|');
            }
        }
        return new String(TestFrames.frame("FIX.4.4", body.toString()), StandardCharsets.ISO_8859_1);
    }

    private boolean ours(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        if (message.index(buffer, 0, bytes.length, DICTIONARY) < 0) {
            return false;
        }
        return validator.validate(message);
    }

    private static boolean quickFixJ(quickfix.DataDictionary dictionary, String text) {
        try {
            quickfix.Message parsed = new quickfix.Message(text, dictionary, true);
            dictionary.validate(parsed);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private static List<List<String[]>> validMessages() {
        Instant t = Instant.now();
        List<List<String[]>> messages = new ArrayList<>();
        messages.add(fields(Workload.sampleNewOrderSingle(42, 2, t)));
        messages.add(fields(Workload.sampleExecutionReport(42, 1, 2, t)));
        List<String[]> withParties = fields(Workload.sampleNewOrderSingle(43, 3, t));
        withParties.add(withParties.size() - 1, new String[] {"453", "2"});
        for (String[] f : new String[][] {{"448", "P1"}, {"447", "D"}, {"452", "1"}, {"448", "P2"}, {"447", "D"},
                {"452", "3"}}) {
            withParties.add(withParties.size() - 1, f);
        }
        messages.add(withParties);
        return messages;
    }

    @Test
    void theWorkloadsMessagesPassBothValidations() throws Exception {
        quickfix.DataDictionary qfj = new quickfix.DataDictionary("FIX44.xml");
        for (List<String[]> m : validMessages()) {
            String text = frame(m);
            assertTrue(quickFixJ(qfj, text), "QuickFIX/J: " + text.replace('\u0001', '|'));
            assertTrue(ours(text), "ours: " + validator.text()
                    + " in " + text.replace('\u0001', '|'));
        }
    }

    @Test
    void everythingQuickFixJRejectsIsRejectedHereToo() throws Exception {
        quickfix.DataDictionary qfj = new quickfix.DataDictionary("FIX44.xml");
        Random random = new Random(44);
        String[] junk = {"", "abc", "9.9.9", "Z", "-1", "20261399-25:61:00", "1.5", "Y", "N", "999999999999", "0"};
        String[] foreign = {"150", "9999", "5001", "37", "36", "123", "112", "58", "44", "382", "7"};
        int checked = 0;
        int bothReject = 0;
        int onlyOursRejects = 0;
        int sameReason = 0;
        List<String> missed = new ArrayList<>();
        java.util.Map<String, Integer> stricter = new java.util.TreeMap<>();
        for (int i = 0; i < 6_000; i++) {
            List<List<String[]>> valid = validMessages();
            List<String[]> m = new ArrayList<>(valid.get(random.nextInt(valid.size())));
            int at = 3 + random.nextInt(m.size() - 4); // not 8, 9, 35 or 10
            switch (random.nextInt(6)) {
                case 0 -> m.remove(at);
                case 1 -> m.add(at, m.get(at).clone());
                case 2 -> m.set(at, new String[] {m.get(at)[0], junk[random.nextInt(junk.length)]});
                case 3 -> m.add(at, new String[] {foreign[random.nextInt(foreign.length)], "1"});
                case 4 -> m.add(m.size() - 1, m.remove(at)); // moved to the end of the body
                default -> {
                    m.set(at, new String[] {m.get(at)[0], junk[random.nextInt(junk.length)]});
                    m.remove(3 + random.nextInt(m.size() - 4));
                }
            }
            String text = frame(m);
            boolean theirs = quickFixJ(qfj, text);
            boolean mine = ours(text);
            checked++;
            if (!theirs && mine) {
                missed.add(text.replace('\u0001', '|'));
            } else if (!theirs) {
                bothReject++;
            } else if (!mine) {
                onlyOursRejects++;
                stricter.merge(validator.text(), 1, Integer::sum);
            }
        }
        System.out.printf("validation vs QuickFIX/J: %d mutated messages, %d rejected by both, %d only by sbe, "
                + "%d only by QuickFIX/J; sbe's stricter verdicts: %s%n", checked, bothReject, onlyOursRejects,
                missed.size(), stricter);
        assertTrue(bothReject > 1_000, "the mutations must mostly produce invalid messages: " + bothReject);
        assertEquals(List.of(), missed.subList(0, Math.min(10, missed.size())),
                missed.size() + " messages QuickFIX/J rejects passed the sbe validation");
    }

    /**
     * A message with the tags and MsgType of the last one that passed has only its values checked (Validator's
     * shape); its verdict, reason and tag must be those of a fresh validator on a fresh index. Runs of valid
     * messages, values made bad, another MsgType or a group's count off (the tags kept), and fields removed, repeated
     * or added (the tags changed).
     */
    @Test
    void aMessageShapedAsTheLastThatPassedGetsTheVerdictOfAFreshValidator() {
        Random random = new Random(20261123);
        String[] junk = {"", "abc", "9.9.9", "Z", "-1", "20261399-25:61:00", "1.5", "Y", "N", "999999999999", "0", "8"};
        List<List<String[]>> valid = validMessages();
        int byShape = 0;
        int rejectedByShape = 0;
        int base = 0;
        for (int i = 0; i < 6_000; i++) {
            base = random.nextInt(10) == 0 ? random.nextInt(valid.size()) : base; // runs of one kind of message
            List<String[]> m = new ArrayList<>(valid.get(base));
            int at = 3 + random.nextInt(m.size() - 4); // not 8, 9, 35 or 10
            switch (random.nextInt(10)) {
                case 0 -> m.set(at, new String[] {m.get(at)[0], junk[random.nextInt(junk.length)]});
                case 1 -> m.remove(at);
                case 2 -> m.add(at, m.get(at).clone());
                case 3 -> m.add(at, new String[] {"58", "t"});
                case 4 -> m.set(2, new String[] {"35", "G"}); // the same tags, another MsgType
                case 5 -> m.replaceAll(f -> f[0].equals("453") ? new String[] {"453", "1"} : f); // a count off
                default -> { } // valid
            }
            String text = frame(m);
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            FixMessage fresh = new FixMessage(512);
            Validator freshValidator = new Validator(DICTIONARY);
            boolean expected = fresh.index(new UnsafeBuffer(bytes), 0, bytes.length, DICTIONARY) > 0
                    && freshValidator.validate(fresh);
            boolean shaped = message.shape() != 0 && message.index(new UnsafeBuffer(bytes), 0, bytes.length,
                    DICTIONARY) > 0 && message.shaped();
            boolean actual = ours(text);
            String what = text.replace('\u0001', '|');
            assertEquals(expected, actual, what);
            if (!expected) {
                assertEquals(freshValidator.reason(), validator.reason(), what);
                assertEquals(freshValidator.refTag(), validator.refTag(), what);
            }
            if (validator.byShape()) {
                assertTrue(shaped, what);
                byShape++;
                rejectedByShape += actual ? 0 : 1;
            }
        }
        assertTrue(byShape > 1_000 && rejectedByShape > 100, byShape + " by the shape, " + rejectedByShape
                + " of them rejected");
    }

    /**
     * Enumerated values as QuickFIX/J's dictionary has them, for every field of FIX 4.4 that has some: every string
     * of one or two characters from digits and letters, and some longer ones.
     */
    @Test
    void enumeratedValuesAreTheOnesQuickFixJKnows() throws Exception {
        quickfix.DataDictionary qfj = new quickfix.DataDictionary("FIX44.xml");
        String symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        List<String> candidates = new ArrayList<>(List.of("CORP", "CS", "FUT", "OPT", "TBILL", "EUSUPRA",
                "GOVT", "MUNI", "USD", "Y", "N", "1.0", "ISLD"));
        for (char a : symbols.toCharArray()) {
            candidates.add(String.valueOf(a));
            for (char b : symbols.toCharArray()) {
                candidates.add("" + a + b);
            }
        }
        int tagsWithValues = 0;
        int allowed = 0;
        for (int tag = 1; tag <= DICTIONARY.maxTag(); tag++) {
            if (!qfj.hasFieldValue(tag) || DICTIONARY.type(tag) == FixDictionary.T_MULTIPLE_VALUE_STRING
                    || qfj.isFieldValue(tag, "no such value")) { // (QuickFIX/J's dictionary allows any for some)
                continue;
            }
            tagsWithValues++;
            for (String v : candidates) {
                byte[] bytes = v.getBytes(StandardCharsets.US_ASCII);
                boolean ours = DICTIONARY.isAllowedValue(tag, new UnsafeBuffer(bytes), 0, bytes.length);
                assertEquals(qfj.isFieldValue(tag, v), ours, "tag " + tag + " value '" + v + "'");
                allowed += ours ? 1 : 0;
            }
        }
        assertTrue(tagsWithValues > 100 && allowed > 1_000, tagsWithValues + " tags, " + allowed + " values allowed");
    }

    @Test
    void theDictionaryKnowsFix44() {
        assertEquals("FIX.4.4", DICTIONARY.beginString());
        assertTrue(DICTIONARY.isDefined(11) && DICTIONARY.isDefined(956));
        assertFalse(DICTIONARY.isDefined(9999));
        assertTrue(DICTIONARY.isAdmin(MsgTypes.key((byte) 'A', (byte) 0)));
        assertFalse(DICTIONARY.isAdmin(MsgTypes.key((byte) 'D', (byte) 0)));
        assertTrue(DICTIONARY.message(MsgTypes.key((byte) 'D', (byte) 0)).allows(453));
        assertEquals(448, DICTIONARY.message(MsgTypes.key((byte) 'D', (byte) 0)).group(453).delimiter);
        assertEquals(FixDictionary.T_DATA, DICTIONARY.type(89));
        assertEquals(93, DICTIONARY.dataLengthTag(89));
    }
}
