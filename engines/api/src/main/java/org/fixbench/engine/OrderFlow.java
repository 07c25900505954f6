package org.fixbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What a client sends, order by order: a cycle of {@link Order}s every engine's client sends in the same sequence
 * on each of its sessions (the k-th order of a session is {@link #order(long) order(k)}), each answered by the
 * ExecutionReport its kind calls for ({@link Kind}). Three workloads ({@code --workload}):
 * <ul>
 *   <li>{@code fixed}: one limit order, the {@link Workload}'s, over and over (the default);</li>
 *   <li>{@code mixed} or {@code mixed:SEED}: {@value #MIXED_ORDERS} orders drawn from a seeded random source (seed
 *       {@value #DEFAULT_SEED} unless given) at the shares of {@link #MIXED_SHARES_PERCENT}: limit and market orders,
 *       OrderCancelRequests and OrderCancelReplaceRequests, Account and TimeInForce present or not, symbols of 1 to
 *       12 characters, ClOrdIDs of varying length;</li>
 *   <li>a file: the NewOrderSingles, OrderCancelRequests and OrderCancelReplaceRequests of a FIX log, in the log's
 *       order, with their own fields ({@link #replay(Path)}), sent evenly at the target rate;</li>
 *   <li>{@code paced:FILE}: the same orders at the log's own pacing ({@link #pacing(int)}): the gaps between their
 *       SendingTimes (52, else TransactTime 60), stretched or shrunk so their mean is the target rate's interval; at
 *       the log's own mean rate ({@link #recordedRatePerSecond()}) that is the log's own speed.</li>
 * </ul>
 *
 * <p>ClOrdID (11) is the intended start time in decimal; with any workload but {@code fixed} it is followed by
 * {@linkplain Order#clOrdIdTail() a tail}: {@code -}, the order's index in the cycle, and 0 to 8 letters. A client
 * reads the time back with {@link #leadingNumber(CharSequence)} and finds the order a report answers with
 * {@link #indexOf(CharSequence)}. OrigClOrdID (41) of a cancel or replace is the ClOrdID of the session's last
 * NewOrderSingle. TransactTime (60) is the client's clock.
 *
 * <p>The server needs none of this: it answers by MsgType (35), copying ClOrdID, OrigClOrdID, Symbol, Side and
 * OrderQty ({@link Kind}).
 */
public final class OrderFlow {
    /** The orders of the {@code mixed} cycle. */
    public static final int MIXED_ORDERS = 1_000;
    /** {@code mixed} without a seed. */
    public static final long DEFAULT_SEED = 1;
    /** The {@code mixed} shares, in percent, in the order of {@link Kind}'s constants: limit, market, cancel, replace. */
    public static final int[] MIXED_SHARES_PERCENT = {60, 15, 15, 10};
    /** The longest Symbol and Account any engine's model carries (the sbe engine's 16-byte text fields). */
    public static final int MAX_TEXT_LENGTH = 16;
    /** The longest ClOrdID tail: 19 digits of time before it fill the sbe engine's 32-byte ClOrdID. */
    public static final int MAX_TAIL_LENGTH = 13;
    /** The most orders a replayed log may hold (their index fits the ClOrdID tail). */
    public static final int MAX_REPLAY_ORDERS = 1_000_000;

    private static final String[] SYMBOLS = {"F", "GE", "IBM", "ACME", "MSFTX", "VOD.LN", "BRK-B.N", "ROYALDUT",
            "ALLIANZ.DE", "NESTLE.SWX", "TOTALENERGY", "BERKSHIRE-A"};
    private static final String[] ACCOUNTS = {"A1", "ACCT-0001", "DESK-7-PROP-01"};
    private static final char[] TIMES_IN_FORCE = {'0', '1', '3'};
    private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    /** What an order is, and the ExecutionReport that answers it. */
    public enum Kind {
        LIMIT('D', '2', '0', '0', "NewOrderSingle (limit)"),
        MARKET('D', '1', '0', '0', "NewOrderSingle (market)"),
        CANCEL('F', (char) 0, '4', '4', "OrderCancelRequest"),
        REPLACE('G', '2', '5', '0', "OrderCancelReplaceRequest");

        private final char msgType;
        private final char ordType;
        private final char execType;
        private final char ordStatus;
        private final String description;

        Kind(char msgType, char ordType, char execType, char ordStatus, String description) {
            this.msgType = msgType;
            this.ordType = ordType;
            this.execType = execType;
            this.ordStatus = ordStatus;
            this.description = description;
        }

        /** MsgType (35) of the request. */
        public char msgType() { return msgType; }

        /** OrdType (40) the request carries; 0 for a cancel, which carries none. */
        public char ordType() { return ordType; }

        /** ExecType (150) of the answer: 0 new, 4 canceled, 5 replaced. */
        public char execType() { return execType; }

        /** OrdStatus (39) of the answer: 0 new, 4 canceled. */
        public char ordStatus() { return ordStatus; }

        /** Whether the request carries Price (44). */
        public boolean hasPrice() { return ordType == '2'; }

        /** Whether the request carries OrigClOrdID (41). */
        public boolean hasOrigClOrdId() { return msgType != 'D'; }

        /** LeavesQty (151) of the answer for an order of {@code orderQty}: 0 once canceled. */
        public long leavesQty(long orderQty) { return this == CANCEL ? 0 : orderQty; }

        public String description() { return description; }

        /** The ExecType an answer to a request of {@code msgType} carries; 0 for a type the workload cannot answer. */
        public static char execTypeFor(char msgType) {
            switch (msgType) {
                case 'D': return LIMIT.execType;
                case 'F': return CANCEL.execType;
                case 'G': return REPLACE.execType;
                default: return 0;
            }
        }

        /** The OrdStatus an answer to a request of {@code msgType} carries; 0 for a type the workload cannot answer. */
        public static char ordStatusFor(char msgType) {
            switch (msgType) {
                case 'D': return LIMIT.ordStatus;
                case 'F': return CANCEL.ordStatus;
                case 'G': return REPLACE.ordStatus;
                default: return 0;
            }
        }
    }

    /**
     * One order. Text values are ASCII; {@link #price()}, {@link #account()} are null and {@link #timeInForce()} is 0
     * when the order does not carry them. HandlInst (21) is {@link Workload#HANDL_INST} on new and replace orders.
     */
    public static final class Order {
        private final int index;
        private final Kind kind;
        private final String symbol;
        private final char side;
        private final int orderQty;
        private final String price;
        private final String account;
        private final char timeInForce;
        private final String clOrdIdTail;
        private final byte[] symbolBytes;
        private final byte[] accountBytes;
        private final long priceMantissa;
        private final int priceScale;

        Order(int index, Kind kind, String symbol, char side, int orderQty, String price, String account,
              char timeInForce, String clOrdIdTail) {
            this.index = index;
            this.kind = kind;
            this.symbol = symbol;
            this.side = side;
            this.orderQty = orderQty;
            this.price = kind.hasPrice() ? price : null;
            this.account = account;
            this.timeInForce = kind == Kind.CANCEL ? 0 : timeInForce;
            this.clOrdIdTail = clOrdIdTail;
            this.symbolBytes = symbol.getBytes(StandardCharsets.US_ASCII);
            this.accountBytes = account == null ? null : account.getBytes(StandardCharsets.US_ASCII);
            int point = this.price == null ? -1 : this.price.indexOf('.');
            this.priceScale = point < 0 ? 0 : this.price.length() - point - 1;
            this.priceMantissa = this.price == null ? 0 : Long.parseLong(this.price.replace(".", ""));
        }

        public int index() { return index; }
        public Kind kind() { return kind; }
        public String symbol() { return symbol; }
        public byte[] symbolBytes() { return symbolBytes; }
        public char side() { return side; }
        public int orderQty() { return orderQty; }
        public String price() { return price; }
        public String account() { return account; }
        /** {@link #account()} in ASCII; null when the order has none. */
        public byte[] accountBytes() { return accountBytes; }
        /** {@link #price()} as mantissa × 10^-{@link #priceScale()}; 0 without a price. */
        public long priceMantissa() { return priceMantissa; }
        /** Digits after the point in {@link #price()}. */
        public int priceScale() { return priceScale; }
        public char timeInForce() { return timeInForce; }
        /** What follows the time in ClOrdID: empty for {@code fixed}. */
        public String clOrdIdTail() { return clOrdIdTail; }

        /**
         * Why an answer to this order is wrong, or null when it is right: ExecType, OrdStatus and Symbol (echoed from
         * the request) are compared.
         */
        public String mismatch(char execType, char ordStatus, CharSequence answeredSymbol) {
            if (execType != kind.execType || ordStatus != kind.ordStatus) {
                return "order " + index + " (" + kind.description + ") answered with ExecType " + printable(execType)
                        + " and OrdStatus " + printable(ordStatus) + ", expected " + kind.execType + " and "
                        + kind.ordStatus;
            }
            if (answeredSymbol == null || !symbol.contentEquals(answeredSymbol)) {
                return "order " + index + " (" + kind.description + ") answered with Symbol " + answeredSymbol
                        + ", expected " + symbol;
            }
            return null;
        }

        @Override
        public String toString() {
            return index + ": " + kind.description + " " + symbol + " " + side + " " + orderQty
                    + (price == null ? "" : " @ " + price) + (account == null ? "" : " account " + account)
                    + (timeInForce == 0 ? "" : " tif " + timeInForce) + " tail '" + clOrdIdTail + "'";
        }
    }

    private final String name;
    private final Order[] orders;
    private final boolean fixed;
    /** Paced replay: the time between order k and k+1 of the log (the last: the log's mean gap); else null. */
    private final long[] gapNanos;

    private OrderFlow(String name, Order[] orders, boolean fixed) {
        this(name, orders, fixed, null);
    }

    private OrderFlow(String name, Order[] orders, boolean fixed, long[] gapNanos) {
        this.name = name;
        this.orders = orders;
        this.fixed = fixed;
        this.gapNanos = gapNanos;
    }

    /** Today's workload: the {@link Workload}'s limit order, again and again. */
    public static OrderFlow fixed() {
        return new OrderFlow("fixed", new Order[] {new Order(0, Kind.LIMIT, Workload.SYMBOL, Workload.SIDE,
                Workload.ORDER_QTY, Workload.PRICE, Workload.ACCOUNT, Workload.TIME_IN_FORCE, "")}, true);
    }

    /** The seeded mix: the same seed gives the same orders, on every machine and JVM. */
    public static OrderFlow mixed(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Order[] orders = new Order[MIXED_ORDERS];
        for (int i = 0; i < orders.length; i++) {
            Kind kind = i == 0 ? Kind.LIMIT : pick(random.nextInt(100));
            String symbol = SYMBOLS[random.nextInt(SYMBOLS.length)];
            char side = random.nextBoolean() ? '1' : '2';
            int orderQty = 100 * (1 + random.nextInt(100));
            int whole = random.nextInt(new int[] {10, 100, 1_000, 10_000}[random.nextInt(4)]) + 1;
            int decimals = random.nextInt(5);
            StringBuilder price = new StringBuilder().append(whole);
            if (decimals > 0) {
                price.append('.');
                for (int d = 0; d < decimals; d++) {
                    price.append((char) ('0' + (d == decimals - 1 ? 1 + random.nextInt(9) : random.nextInt(10))));
                }
            }
            String account = random.nextBoolean() ? ACCOUNTS[random.nextInt(ACCOUNTS.length)] : null;
            char tif = random.nextBoolean() ? TIMES_IN_FORCE[random.nextInt(TIMES_IN_FORCE.length)] : 0;
            StringBuilder tail = new StringBuilder("-").append(i);
            int letters = random.nextInt(9);
            for (int l = 0; l < letters; l++) {
                tail.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
            }
            orders[i] = new Order(i, kind, symbol, side, orderQty, price.toString(), account, tif, tail.toString());
        }
        return new OrderFlow("mixed:" + seed, orders, false);
    }

    private static Kind pick(int percent) {
        int bound = 0;
        Kind[] kinds = Kind.values();
        for (int k = 0; k < kinds.length; k++) {
            bound += MIXED_SHARES_PERCENT[k];
            if (percent < bound) {
                return kinds[k];
            }
        }
        throw new IllegalStateException("shares do not add up to 100");
    }

    /**
     * The workload a {@code --workload} value names: {@code fixed}, {@code mixed}, {@code mixed:SEED}, a FIX log
     * file to replay, or {@code paced:FILE} to replay one at its own pacing.
     *
     * @throws IllegalArgumentException with a one-line reason (for a file: its name and the line) when it cannot be
     */
    public static OrderFlow parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("--workload: empty (" + CHOICES + ")");
        }
        if (spec.equals("fixed")) {
            return fixed();
        }
        if (spec.equals("mixed")) {
            return mixed(DEFAULT_SEED);
        }
        if (spec.startsWith("mixed:")) {
            try {
                return mixed(Long.parseLong(spec.substring("mixed:".length())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--workload " + spec + ": the seed is not a whole number");
            }
        }
        if (spec.startsWith(PACED)) {
            String file = spec.substring(PACED.length());
            if (file.isBlank()) {
                throw new IllegalArgumentException("--workload " + spec + ": no file after " + PACED);
            }
            return replay(Path.of(file), true);
        }
        return replay(Path.of(spec));
    }

    /** How {@link #name()} ends for a replay at the log's own pacing. */
    private static final String PACED_NAME_SUFFIX = " paced";

    /** Whether a workload's {@link #name()} (as results label it) is a replay at the log's own pacing. */
    public static boolean isPacedName(String name) {
        return name != null && name.endsWith(PACED_NAME_SUFFIX);
    }

    /** The prefix of a {@code --workload} that replays a log at its own pacing. */
    public static final String PACED = "paced:";
    private static final String CHOICES = "fixed, mixed, mixed:SEED, a FIX log file or paced:FILE";

    /**
     * The orders of a FIX log: each line holding a message ({@code 8=FIX...}, fields separated by SOH, {@code |} or
     * {@code ^A}; anything before {@code 8=} on the line, such as a timestamp, is ignored). NewOrderSingle (D),
     * OrderCancelRequest (F) and OrderCancelReplaceRequest (G) are replayed; session messages and the answers a log
     * holds (ExecutionReport 8, OrderCancelReject 9) are skipped; blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the file and line: a line that is not FIX, a message type the
     *                                  workload cannot answer, a field missing or longer than the engines carry, or
     *                                  a file without a single order
     */
    public static OrderFlow replay(Path file) {
        return replay(file, false);
    }

    /**
     * {@link #replay(Path)}, and with {@code paced} the orders' times too: each order's SendingTime (52), else its
     * TransactTime (60), as {@code YYYYMMDD-HH:MM:SS} with 0, 3, 6 or 9 decimals.
     *
     * @throws IllegalArgumentException also, when paced, naming the line: an order without either time or with one
     *                                  that is not a UTC timestamp, or earlier than the order before it; and for a
     *                                  log with fewer than two orders or all at one instant
     */
    public static OrderFlow replay(Path file, boolean paced) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--workload " + file + ": no such file (" + CHOICES + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException("--workload " + file + ": cannot read: " + e.getMessage());
        }
        String sha256 = sha256(bytes);
        String[] lines = new String(bytes, StandardCharsets.ISO_8859_1).split("\r?\n", -1);
        List<Order> orders = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            if (line.isBlank()) {
                continue;
            }
            String where = file + ":" + (n + 1) + ": ";
            int start = line.indexOf("8=FIX");
            if (start < 0) {
                throw new IllegalArgumentException(where + "not a FIX message (no 8=FIX on the line)");
            }
            List<String[]> fields = fields(line.substring(start));
            String msgType = value(fields, "35");
            if (msgType == null) {
                throw new IllegalArgumentException(where + "a FIX message without MsgType (35)");
            }
            Kind kind;
            switch (msgType) {
                case "0": case "1": case "2": case "3": case "4": case "5": case "A": case "8": case "9":
                    continue; // session messages, and the answers the log holds
                case "D":
                    kind = "1".equals(value(fields, "40")) ? Kind.MARKET : Kind.LIMIT;
                    break;
                case "F":
                    kind = Kind.CANCEL;
                    break;
                case "G":
                    kind = Kind.REPLACE;
                    break;
                default:
                    throw new IllegalArgumentException(where + "MsgType " + msgType + " is not one the workload can"
                            + " answer (D NewOrderSingle, F OrderCancelRequest, G OrderCancelReplaceRequest)");
            }
            String ordType = value(fields, "40");
            if (kind != Kind.CANCEL && ordType != null && !ordType.equals("1") && !ordType.equals("2")) {
                throw new IllegalArgumentException(where + "OrdType (40) " + ordType + " is not one the workload"
                        + " sends (1 market, 2 limit)");
            }
            if (kind == Kind.REPLACE && "1".equals(ordType)) {
                throw new IllegalArgumentException(where + "an OrderCancelReplaceRequest to a market order: the"
                        + " workload replaces limit orders only");
            }
            String symbol = required(fields, "55", "Symbol", where, MAX_TEXT_LENGTH);
            String side = required(fields, "54", "Side", where, 1);
            String qty = required(fields, "38", "OrderQty", where, 9);
            int orderQty;
            try {
                orderQty = Integer.parseInt(qty);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "OrderQty (38) " + qty + " is not a whole number of at"
                        + " most 9 digits");
            }
            String price = null;
            if (kind.hasPrice()) {
                price = required(fields, "44", "Price", where, 18);
                if (!price.matches("[0-9]{1,12}(\\.[0-9]{1,6})?")) {
                    throw new IllegalArgumentException(where + "Price (44) " + price + " is not a positive decimal"
                            + " of at most 12 digits before the point and 6 after");
                }
            }
            String account = value(fields, "1");
            if (account != null && (account.isEmpty() || account.length() > MAX_TEXT_LENGTH)) {
                throw new IllegalArgumentException(where + "Account (1) is empty or longer than " + MAX_TEXT_LENGTH
                        + " characters");
            }
            String tif = value(fields, "59");
            if (tif != null && tif.length() != 1) {
                throw new IllegalArgumentException(where + "TimeInForce (59) " + tif + " is not one character");
            }
            String clOrdId = value(fields, "11");
            StringBuilder tail = new StringBuilder("-").append(orders.size());
            int want = clOrdId == null ? 0 : Math.min(MAX_TAIL_LENGTH, clOrdId.length() - 19);
            for (int i = tail.length(); i < want; i++) {
                tail.append(LETTERS.charAt(i % LETTERS.length()));
            }
            if (orders.size() == MAX_REPLAY_ORDERS) {
                throw new IllegalArgumentException(where + "more than " + MAX_REPLAY_ORDERS + " orders to replay");
            }
            if (paced) {
                String tag = value(fields, "52") != null ? "52" : "60";
                String time = value(fields, tag);
                if (time == null) {
                    throw new IllegalArgumentException(where + "no SendingTime (52) or TransactTime (60) to pace the"
                            + " replay by");
                }
                long nanos = utcTimestampNanos(time);
                if (nanos == Long.MIN_VALUE) {
                    throw new IllegalArgumentException(where + (tag.equals("52") ? "SendingTime (52) " : "TransactTime"
                            + " (60) ") + time + " is not a UTC timestamp (YYYYMMDD-HH:MM:SS, with 0, 3, 6 or 9"
                            + " decimals)");
                }
                if (!times.isEmpty() && nanos < times.get(times.size() - 1)) {
                    throw new IllegalArgumentException(where + "the order's time " + time + " is earlier than the"
                            + " order's before it: a paced replay needs the log in time order");
                }
                times.add(nanos);
            }
            orders.add(new Order(orders.size(), kind, symbol, side.charAt(0), orderQty, price, account,
                    tif == null ? 0 : tif.charAt(0), tail.toString()));
        }
        if (orders.isEmpty()) {
            throw new IllegalArgumentException("--workload " + file + ": holds no NewOrderSingle (D),"
                    + " OrderCancelRequest (F) or OrderCancelReplaceRequest (G) to replay");
        }
        String name = "file:" + file.getFileName() + " sha256:" + sha256;
        if (!paced) {
            return new OrderFlow(name, orders.toArray(new Order[0]), false);
        }
        long spanNanos = times.get(times.size() - 1) - times.get(0);
        if (times.size() < 2 || spanNanos == 0) {
            throw new IllegalArgumentException("--workload " + PACED + file + ": " + (times.size() < 2
                    ? "one order, no pacing to replay" : "every order at the same instant, no pacing to replay")
                    + " (replay it without " + PACED + ")");
        }
        long[] gaps = new long[times.size()];
        for (int k = 0; k < gaps.length - 1; k++) {
            gaps[k] = times.get(k + 1) - times.get(k);
        }
        gaps[gaps.length - 1] = Math.max(1, spanNanos / (gaps.length - 1)); // from the last order to the next cycle
        return new OrderFlow(name + PACED_NAME_SUFFIX, orders.toArray(new Order[0]), false, gaps);
    }

    /** Nanoseconds since the epoch of a FIX UTCTimestamp, or {@link Long#MIN_VALUE} when it is not one. */
    static long utcTimestampNanos(String text) {
        if (!text.matches("[0-9]{8}-[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.([0-9]{3}|[0-9]{6}|[0-9]{9}))?")) {
            return Long.MIN_VALUE;
        }
        try {
            java.time.LocalDateTime at = java.time.LocalDateTime.of(Integer.parseInt(text.substring(0, 4)),
                    Integer.parseInt(text.substring(4, 6)), Integer.parseInt(text.substring(6, 8)),
                    Integer.parseInt(text.substring(9, 11)), Integer.parseInt(text.substring(12, 14)),
                    Integer.parseInt(text.substring(15, 17)));
            long fraction = 0;
            if (text.length() > 17) {
                String digits = text.substring(18);
                fraction = Long.parseLong(digits) * (long) Math.pow(10, 9 - digits.length());
            }
            return at.toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000_000L + fraction;
        } catch (java.time.DateTimeException e) {
            return Long.MIN_VALUE;
        }
    }

    /**
     * How a harness spaces this workload's orders sent on {@code sessions} sessions in turn: evenly, or for a paced
     * replay the log's gaps, each gap shared by the sessions' orders of that place in the log.
     */
    public org.fixbench.harness.Pacing pacing(int sessions) {
        return gapNanos == null ? org.fixbench.harness.Pacing.EVEN
                : org.fixbench.harness.Pacing.ofGaps(gapNanos, sessions);
    }

    /** Whether this is a replay at the log's own pacing. */
    public boolean isPaced() {
        return gapNanos != null;
    }

    /**
     * A paced replay's own mean rate, orders per second of one session (its orders over the time from its first
     * order to its last, plus one mean gap); 0 for any other workload.
     */
    public double recordedRatePerSecond() {
        if (gapNanos == null) {
            return 0;
        }
        long span = 0;
        for (long gap : gapNanos) {
            span += gap;
        }
        return gapNanos.length * 1e9 / span;
    }

    private static List<String[]> fields(String message) {
        String separated = message.replace("^A", "\u0001").replace('|', '\u0001');
        List<String[]> fields = new ArrayList<>();
        for (String field : separated.split("\u0001")) {
            int eq = field.indexOf('=');
            if (eq > 0) {
                fields.add(new String[] {field.substring(0, eq).trim(), field.substring(eq + 1)});
            }
        }
        return fields;
    }

    private static String value(List<String[]> fields, String tag) {
        for (String[] field : fields) {
            if (field[0].equals(tag)) {
                return field[1];
            }
        }
        return null;
    }

    private static String required(List<String[]> fields, String tag, String name, String where, int maxLength) {
        String value = value(fields, tag);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(where + "no " + name + " (" + tag + ")");
        }
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(where + name + " (" + tag + ") " + value + " is longer than "
                    + maxLength + " characters, more than every engine carries");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new IllegalArgumentException(where + name + " (" + tag + ") holds a character that is not"
                        + " printable ASCII");
            }
        }
        return value;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How results name the workload: {@code fixed}, {@code mixed:SEED}, or {@code file:NAME sha256:HEX16}. */
    public String name() {
        return name;
    }

    /** Whether this is today's single order (engines keep their one-order path for it). */
    public boolean isFixed() {
        return fixed;
    }

    /** The orders of one cycle. */
    public int size() {
        return orders.length;
    }

    /** The {@code k}-th order a session sends (0-based), the cycle repeating. */
    public Order order(long k) {
        return orders[(int) Math.floorMod(k, (long) orders.length)];
    }

    /** How many of one cycle's orders are of {@code kind}. */
    public int count(Kind kind) {
        int n = 0;
        for (Order order : orders) {
            n += order.kind == kind ? 1 : 0;
        }
        return n;
    }

    /** One line for a report: the name, and one cycle's orders by kind. */
    public String describe() {
        StringBuilder b = new StringBuilder(name).append(" (").append(orders.length).append(" orders a cycle: ");
        String sep = "";
        for (Kind kind : Kind.values()) {
            b.append(sep).append(count(kind)).append(' ').append(kind.description);
            sep = ", ";
        }
        b.append(')');
        if (gapNanos != null) {
            b.append(String.format(java.util.Locale.ROOT, ", at the log's own pacing stretched to the target rate"
                    + " (the log's own mean: %,.1f orders/s a session)", recordedRatePerSecond()));
        }
        return b.toString();
    }

    /** The decimal number {@code text} starts with (the intended start time of a ClOrdID); -1 if none. */
    public static long leadingNumber(CharSequence text) {
        long n = 0;
        int i = 0;
        for (; i < text.length() && i < 19; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            n = n * 10 + (c - '0');
        }
        return i == 0 ? -1 : n;
    }

    /** The cycle index in a ClOrdID's tail ({@code TIME-INDEX...}); -1 if it has none. */
    public static int indexOf(CharSequence clOrdId) {
        int i = 0;
        while (i < clOrdId.length() && clOrdId.charAt(i) >= '0' && clOrdId.charAt(i) <= '9') {
            i++;
        }
        if (i == clOrdId.length() || clOrdId.charAt(i) != '-') {
            return -1;
        }
        int n = 0;
        int digits = 0;
        for (i++; i < clOrdId.length() && digits < 9; i++, digits++) {
            char c = clOrdId.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            n = n * 10 + (c - '0');
        }
        return digits == 0 ? -1 : n;
    }

    /**
     * Why an answer is wrong, or null when it is right: the order a ClOrdID names (by its tail) against the answer's
     * ExecType, OrdStatus and Symbol. A ClOrdID without a tail is checked against the fixed order.
     */
    public String mismatch(CharSequence clOrdId, char execType, char ordStatus, CharSequence symbol) {
        int index = fixed ? 0 : indexOf(clOrdId);
        if (index < 0 || index >= orders.length) {
            return "a report with ClOrdID " + clOrdId + ", which names no order of workload " + name;
        }
        return orders[index].mismatch(execType, ordStatus, symbol);
    }

    private static String printable(char c) {
        return c == 0 ? "(none)" : String.valueOf(c);
    }

    @Override
    public String toString() {
        return name;
    }
}
