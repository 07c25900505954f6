package org.fixbench.fix.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.fixbench.fix.codec.DataFieldLengths;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.MsgTypes;

/**
 * A FIX data dictionary in QuickFIX/J's XML format (fields, header, trailer, messages, components, groups), loaded
 * once at start-up into flat tables that validation reads without allocating: field types and enumerations by tag,
 * and per message type the tags it may carry, the tags it must carry and its repeating groups (components are
 * flattened into the messages and groups that use them).
 *
 * <p>The engine ships QuickFIX/J's FIX44.xml (unpacked from quickfixj-messages-fix44 at build time), the dictionary
 * {@code quickfixj:published} validates with.
 */
public final class FixDictionary implements DataFieldLengths {
    /** The bundled FIX 4.4 dictionary's resource name. */
    public static final String BUNDLED_FIX44 = "FIX44.xml";

    // field types, as far as validation tells them apart
    public static final byte T_UNKNOWN = 0;
    public static final byte T_STRING = 1;
    public static final byte T_INT = 2;
    public static final byte T_FLOAT = 3;
    public static final byte T_CHAR = 4;
    public static final byte T_BOOLEAN = 5;
    public static final byte T_UTCTIMESTAMP = 6;
    public static final byte T_UTCTIMEONLY = 7;
    public static final byte T_DATE = 8;
    public static final byte T_DATA = 9;
    public static final byte T_MULTIPLE_VALUE_STRING = 10;
    public static final byte T_LENGTH = 11;
    public static final byte T_NUMINGROUP = 12;

    /** A set of fields a message, header, trailer or group instance may carry. */
    public static final class FieldSet {
        final long[] allowed;
        final int[] required;
        final int[] groupCountTags;
        final Group[] groups;
        /** The field order of the definition (for groups: the delimiter first). */
        final int[] order;

        public FieldSet(long[] allowed, int[] required, int[] groupCountTags, Group[] groups, int[] order) {
            this.allowed = allowed;
            this.required = required;
            this.groupCountTags = groupCountTags;
            this.groups = groups;
            this.order = order;
        }

        public boolean allows(int tag) {
            int word = tag >>> 6;
            return tag >= 0 && word < allowed.length && (allowed[word] & (1L << tag)) != 0;
        }

        public Group group(int countTag) {
            for (int i = 0; i < groupCountTags.length; i++) {
                if (groupCountTags[i] == countTag) {
                    return groups[i];
                }
            }
            return null;
        }
    }

    /** A repeating group: its NumInGroup tag, the tag every instance starts with, and an instance's fields. */
    public static final class Group {
        final int countTag;
        final int delimiter;
        FieldSet fields;

        public Group(int countTag, int delimiter) {
            this.countTag = countTag;
            this.delimiter = delimiter;
        }
    }

    private final String beginString;
    private final byte[] types;
    private final byte[][][] enums;
    private final long[][] charEnums;
    /**
     * Per tag with enumerated values: those of at most seven bytes as sorted keys ({@link #enumKey}), for a binary
     * search (MsgType has 90-odd values: a walk over them costs every message; see the engine's README).
     */
    private final long[][] shortEnums;
    private final int[] dataLengthTag;
    private final FieldSet header;
    private final FieldSet trailer;
    private final FieldSet[] messagesByType = new FieldSet[1 << 16];
    private final boolean[] adminByType = new boolean[1 << 16];

    private FixDictionary(Document doc, String source) {
        Element root = doc.getDocumentElement();
        if (!"fix".equals(root.getNodeName())) {
            throw new IllegalArgumentException(source + ": not a FIX dictionary (root element <" + root.getNodeName()
                    + ">, expected <fix>)");
        }
        beginString = "FIX." + root.getAttribute("major") + "." + root.getAttribute("minor");
        Map<String, Integer> tagsByName = new HashMap<>();
        Map<String, Element> components = new HashMap<>();
        int maxTag = 0;
        Element fieldsElement = child(root, "fields", source);
        for (Element f : children(fieldsElement, "field")) {
            int tag = Integer.parseInt(f.getAttribute("number"));
            tagsByName.put(f.getAttribute("name"), tag);
            maxTag = Math.max(maxTag, tag);
        }
        types = new byte[maxTag + 1];
        enums = new byte[maxTag + 1][][];
        charEnums = new long[maxTag + 1][];
        shortEnums = new long[maxTag + 1][];
        dataLengthTag = new int[maxTag + 1];
        for (Element f : children(fieldsElement, "field")) {
            int tag = Integer.parseInt(f.getAttribute("number"));
            String type = f.getAttribute("type");
            types[tag] = typeOf(type);
            if (types[tag] == T_DATA) {
                Integer length = tagsByName.get(f.getAttribute("name") + "Len");
                if (length == null) {
                    length = tagsByName.get(f.getAttribute("name") + "Length");
                }
                if (length == null) {
                    throw new IllegalArgumentException(source + ": data field " + f.getAttribute("name")
                            + " has no length field");
                }
                dataLengthTag[tag] = length;
            }
            List<Element> values = children(f, "value");
            if (!values.isEmpty()) {
                byte[][] allowed = new byte[values.size()][];
                boolean allSingle = true;
                for (int i = 0; i < allowed.length; i++) {
                    allowed[i] = values.get(i).getAttribute("enum").getBytes(StandardCharsets.US_ASCII);
                    allSingle &= allowed[i].length == 1 && allowed[i][0] > 0;
                }
                enums[tag] = allowed;
                shortEnums[tag] = java.util.Arrays.stream(allowed).filter(v -> v.length <= 7)
                        .mapToLong(FixDictionary::enumKey).sorted().toArray();
                if (allSingle && types[tag] != T_MULTIPLE_VALUE_STRING) {
                    long[] mask = new long[2];
                    for (byte[] v : allowed) {
                        mask[v[0] >>> 6] |= 1L << v[0];
                    }
                    charEnums[tag] = mask;
                }
            }
        }
        Element componentsElement = firstChild(root, "components");
        if (componentsElement != null) {
            for (Element c : children(componentsElement, "component")) {
                components.put(c.getAttribute("name"), c);
            }
        }
        Builder builder = new Builder(tagsByName, components, maxTag, source);
        header = builder.build(child(root, "header", source));
        trailer = builder.build(child(root, "trailer", source));
        for (Element m : children(child(root, "messages", source), "message")) {
            byte[] type = m.getAttribute("msgtype").getBytes(StandardCharsets.US_ASCII);
            if (type.length < 1 || type.length > 2) {
                throw new IllegalArgumentException(source + ": MsgType '" + m.getAttribute("msgtype")
                        + "' is not 1 or 2 characters");
            }
            int key = MsgTypes.key(type[0], type.length == 2 ? type[1] : 0);
            messagesByType[key] = builder.build(m);
            adminByType[key] = "admin".equals(m.getAttribute("msgcat"));
        }
    }

    /** Loads the bundled FIX 4.4 dictionary, or a dictionary file when {@code path} is given. */
    public static FixDictionary load(Path path) {
        String source = path == null ? BUNDLED_FIX44 + " (bundled)" : path.toString();
        try (InputStream in = path == null ? FixDictionary.class.getResourceAsStream(BUNDLED_FIX44)
                : Files.newInputStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the bundled " + BUNDLED_FIX44
                        + " is missing from the fix library's jar");
            }
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new FixDictionary(factory.newDocumentBuilder().parse(in), source);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the data dictionary " + source + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException("data dictionary " + source + " is not valid: " + e.getMessage(), e);
        }
    }

    public String beginString() {
        return beginString;
    }

    /** The message type's fields, or null when the dictionary does not define it. */
    public FieldSet message(int typeKey) {
        return messagesByType[typeKey];
    }

    public boolean isAdmin(int typeKey) {
        return adminByType[typeKey];
    }

    public FieldSet header() {
        return header;
    }

    public FieldSet trailer() {
        return trailer;
    }

    public int maxTag() {
        return types.length - 1;
    }

    public boolean isDefined(int tag) {
        return tag > 0 && tag < types.length && types[tag] != T_UNKNOWN;
    }

    public byte type(int tag) {
        return tag > 0 && tag < types.length ? types[tag] : T_UNKNOWN;
    }

    @Override
    public int[] dataLengthTags() {
        return dataLengthTag;
    }

    /** For a data field, the tag of the field carrying its length; else 0. */
    public int dataLengthTag(int tag) {
        return tag > 0 && tag < dataLengthTag.length ? dataLengthTag[tag] : 0;
    }

    /** Whether the value at [start, start+length) is one of the tag's enumerated values (true if it has none). */
    public boolean isAllowedValue(int tag, org.agrona.DirectBuffer buffer, int start, int length) {
        if (tag <= 0 || tag >= enums.length || enums[tag] == null) {
            return true;
        }
        long[] mask = charEnums[tag];
        if (mask != null) {
            if (length != 1) {
                return false;
            }
            byte b = buffer.getByte(start);
            return b >= 0 && (mask[b >>> 6] & (1L << b)) != 0;
        }
        if (types[tag] == T_MULTIPLE_VALUE_STRING) {
            int from = start;
            int end = start + length;
            for (int i = start; i <= end; i++) {
                if (i == end || buffer.getByte(i) == ' ') {
                    if (!isEnum(tag, buffer, from, i - from)) {
                        return false;
                    }
                    from = i + 1;
                }
            }
            return true;
        }
        return isEnum(tag, buffer, start, length);
    }

    private boolean isEnum(int tag, org.agrona.DirectBuffer buffer, int start, int length) {
        if (length <= 7) {
            long key = (long) length << 56;
            for (int i = 0; i < length; i++) {
                key |= (buffer.getByte(start + i) & 0xFFL) << (i << 3);
            }
            return java.util.Arrays.binarySearch(shortEnums[tag], key) >= 0;
        }
        outer:
        for (byte[] v : enums[tag]) {
            if (v.length != length) {
                continue;
            }
            for (int i = 0; i < length; i++) {
                if (buffer.getByte(start + i) != v[i]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Up to seven bytes as one number: the bytes from the lowest, the length in the top byte. */
    private static long enumKey(byte[] value) {
        return (long) value.length << 56 | FixMessage.packed(value, 0, value.length);
    }

    private static byte typeOf(String type) {
        return switch (type) {
            case "INT", "SEQNUM", "DAYOFMONTH" -> T_INT;
            case "LENGTH" -> T_LENGTH;
            case "NUMINGROUP" -> T_NUMINGROUP;
            case "FLOAT", "QTY", "PRICE", "PRICEOFFSET", "AMT", "PERCENTAGE" -> T_FLOAT;
            case "CHAR" -> T_CHAR;
            case "BOOLEAN" -> T_BOOLEAN;
            case "UTCTIMESTAMP", "TIME" -> T_UTCTIMESTAMP;
            case "UTCTIMEONLY" -> T_UTCTIMEONLY;
            case "UTCDATEONLY", "UTCDATE", "LOCALMKTDATE", "DATE" -> T_DATE;
            case "DATA" -> T_DATA;
            case "MULTIPLEVALUESTRING", "MULTIPLESTRINGVALUE", "MULTIPLECHARVALUE" -> T_MULTIPLE_VALUE_STRING;
            default -> T_STRING; // STRING, CURRENCY, EXCHANGE, COUNTRY, MONTHYEAR, ...
        };
    }

    /** Flattens components and resolves names; one per dictionary. */
    private static final class Builder {
        private final Map<String, Integer> tagsByName;
        private final Map<String, Element> components;
        private final int maxTag;
        private final String source;

        public Builder(Map<String, Integer> tagsByName, Map<String, Element> components, int maxTag, String source) {
            this.tagsByName = tagsByName;
            this.components = components;
            this.maxTag = maxTag;
            this.source = source;
        }

        public FieldSet build(Element element) {
            Set<Integer> order = new LinkedHashSet<>();
            List<Integer> required = new ArrayList<>();
            List<Group> groups = new ArrayList<>();
            collect(element, true, order, required, groups);
            long[] allowed = new long[(maxTag >>> 6) + 1];
            for (int tag : order) {
                allowed[tag >>> 6] |= 1L << tag;
            }
            return new FieldSet(allowed, required.stream().mapToInt(Integer::intValue).toArray(),
                    groups.stream().mapToInt(g -> g.countTag).toArray(), groups.toArray(new Group[0]),
                    order.stream().mapToInt(Integer::intValue).toArray());
        }

        private void collect(Element element, boolean parentRequired, Set<Integer> order, List<Integer> required,
                             List<Group> groups) {
            for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (!(n instanceof Element e)) {
                    continue;
                }
                boolean isRequired = parentRequired && "Y".equals(e.getAttribute("required"));
                switch (e.getNodeName()) {
                    case "field" -> {
                        int tag = tag(e.getAttribute("name"));
                        order.add(tag);
                        if (isRequired) {
                            required.add(tag);
                        }
                    }
                    case "group" -> {
                        int countTag = tag(e.getAttribute("name"));
                        order.add(countTag);
                        if (isRequired) {
                            required.add(countTag);
                        }
                        FieldSet fields = build(e);
                        if (fields.order.length == 0) {
                            throw new IllegalArgumentException(source + ": group " + e.getAttribute("name")
                                    + " has no fields");
                        }
                        Group group = new Group(countTag, fields.order[0]);
                        group.fields = fields;
                        groups.add(group);
                    }
                    case "component" -> {
                        Element c = components.get(e.getAttribute("name"));
                        if (c == null) {
                            throw new IllegalArgumentException(source + ": unknown component " + e.getAttribute("name"));
                        }
                        collect(c, isRequired, order, required, groups);
                    }
                    default -> { }
                }
            }
        }

        private int tag(String name) {
            Integer tag = tagsByName.get(name);
            if (tag == null) {
                throw new IllegalArgumentException(source + ": field " + name + " is used but not defined");
            }
            return tag;
        }
    }

    private static Element child(Element parent, String name, String source) {
        Element e = firstChild(parent, name);
        if (e == null) {
            throw new IllegalArgumentException(source + ": missing <" + name + ">");
        }
        return e;
    }

    private static Element firstChild(Element parent, String name) {
        List<Element> list = children(parent, name);
        return list.isEmpty() ? null : list.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> list = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getNodeName().equals(name)) {
                list.add(e);
            }
        }
        return list;
    }
}
