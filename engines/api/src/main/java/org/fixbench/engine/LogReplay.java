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

import org.fixbench.engine.Order.Kind;

/** A FIX log's orders, replayed as a workload ({@link OrderFlow#replay(Path, boolean)}). */
final class LogReplay {
    /** What a log holds to replay: its name as results label it, its orders, and for a paced replay their gaps. */
    record Replayed(String name, Order[] orders, long[] gapNanos) {
    }

    private LogReplay() {
    }

    /**
     * {@link #replay(Path)}, and with {@code paced} the orders' times too: each order's SendingTime (52), else its
     * TransactTime (60), as {@code YYYYMMDD-HH:MM:SS} with 0, 3, 6 or 9 decimals.
     *
     * @throws IllegalArgumentException also, when paced, naming the line: an order without either time or with one
     *                                  that is not a UTC timestamp, or earlier than the order before it; and for a
     *                                  log with fewer than two orders or all at one instant
     */
    static Replayed read(Path file, boolean paced) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--workload " + file + ": no such file (" + OrderFlow.CHOICES + ")");
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
            String symbol = required(fields, "55", "Symbol", where, OrderFlow.MAX_TEXT_LENGTH);
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
            if (account != null && (account.isEmpty() || account.length() > OrderFlow.MAX_TEXT_LENGTH)) {
                throw new IllegalArgumentException(where + "Account (1) is empty or longer than " + OrderFlow.MAX_TEXT_LENGTH
                        + " characters");
            }
            String tif = value(fields, "59");
            if (tif != null && tif.length() != 1) {
                throw new IllegalArgumentException(where + "TimeInForce (59) " + tif + " is not one character");
            }
            String clOrdId = value(fields, "11");
            StringBuilder tail = new StringBuilder("-").append(orders.size());
            int want = clOrdId == null ? 0 : Math.min(OrderFlow.MAX_TAIL_LENGTH, clOrdId.length() - 19);
            for (int i = tail.length(); i < want; i++) {
                tail.append(OrderMixes.LETTERS.charAt(i % OrderMixes.LETTERS.length()));
            }
            if (orders.size() == OrderFlow.MAX_REPLAY_ORDERS) {
                throw new IllegalArgumentException(where + "more than " + OrderFlow.MAX_REPLAY_ORDERS + " orders to replay");
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
            return new Replayed(name, orders.toArray(new Order[0]), null);
        }
        long spanNanos = times.get(times.size() - 1) - times.get(0);
        if (times.size() < 2 || spanNanos == 0) {
            throw new IllegalArgumentException("--workload " + OrderFlow.PACED + file + ": " + (times.size() < 2
                    ? "one order, no pacing to replay" : "every order at the same instant, no pacing to replay")
                    + " (replay it without " + OrderFlow.PACED + ")");
        }
        long[] gaps = new long[times.size()];
        for (int k = 0; k < gaps.length - 1; k++) {
            gaps[k] = times.get(k + 1) - times.get(k);
        }
        gaps[gaps.length - 1] = Math.max(1, spanNanos / (gaps.length - 1)); // from the last order to the next cycle
        return new Replayed(name + OrderFlow.PACED_NAME_SUFFIX, orders.toArray(new Order[0]), gaps);
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
}
