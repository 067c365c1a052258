#include "core/errors/errorrules.h"

#include "core/engines/engineregistry.h"
#include "core/errors/textpattern.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr std::array<const char16_t *, CaptureCount> captureNames{
        u"name",  u"table",  u"function", u"arguments", u"type",  u"value",
        u"token", u"object", u"operator", u"left",      u"right", u"suggestions",
};

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

// The fixed words a pattern cannot match without: runs of literal word characters at the top
// level (outside groups and classes) with a literal non-word character, \b, ^, $ or an end on
// both sides and no quantifier after. A pattern with a top-level alternative has none.
QStringList requiredWords(QStringView pattern)
{
    QStringList words;
    QString word;
    bool leftClean = true; // what came before the current word is a separator
    int depth = 0;
    bool inClass = false;
    const auto finish = [&](bool rightClean) {
        if (!word.isEmpty() && leftClean && rightClean && word.size() >= 3)
            words.append(word);
        word.clear();
    };
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (inClass) {
            if (c == u'\\')
                ++i;
            else if (c == u']')
                inClass = false;
            if (!inClass)
                leftClean = false;
            continue;
        }
        if (c == u'\\') {
            const QChar next = i + 1 < pattern.size() ? pattern.at(i + 1) : QChar();
            ++i;
            if (depth > 0)
                continue;
            const bool boundary = next == u'b';
            const bool literalNonWord = !next.isLetterOrNumber() && !next.isNull();
            finish(boundary || literalNonWord);
            leftClean = boundary || literalNonWord;
            continue;
        }
        if (c == u'(') {
            if (depth == 0) {
                finish(false);
                leftClean = false;
            }
            ++depth;
            continue;
        }
        if (c == u')') {
            --depth;
            if (depth == 0) {
                // A quantifier on the group does not matter: what follows it is unknown.
                leftClean = false;
            }
            continue;
        }
        if (depth > 0)
            continue;
        if (c == u'|')
            return {};
        if (c == u'[') {
            finish(false);
            inClass = true;
            continue;
        }
        if (c == u'?' || c == u'*' || c == u'+' || c == u'{') {
            // The quantifier applies to the last atom: the word's last letter may be missing.
            word.clear();
            leftClean = false;
            if (c == u'{') {
                while (i < pattern.size() && pattern.at(i) != u'}')
                    ++i;
            }
            continue;
        }
        if (c == u'.') {
            finish(false);
            leftClean = false;
            continue;
        }
        if (isWordChar(c)) {
            word.append(c.toLower());
            continue;
        }
        // Any other literal character (a space, a quote, a colon) or ^ and $.
        const bool quantified = i + 1 < pattern.size()
                && (pattern.at(i + 1) == u'?' || pattern.at(i + 1) == u'*'
                    || pattern.at(i + 1) == u'{');
        finish(!quantified);
        leftClean = !quantified;
    }
    finish(true);
    return words;
}

struct CompiledRule
{
    const ErrorRule *rule = nullptr;
    bool always = false; // no fixed word: tried only when Index::anyAlways matches
    TextPattern expression;
    std::array<int, CaptureCount> groups{};
    QList<int> words; // every fixed word the pattern needs, as Index::wordIds numbers them
};

// Looked up by a view into the text, with no string made for the look.
struct WordHash
{
    using is_transparent = void;
    size_t operator()(std::u16string_view word) const noexcept
    {
        return std::hash<std::u16string_view>{}(word);
    }
};

// The fixed words for look-up while a text is read: open addressing on an FNV-1a hash that
// wordsOf() computes as it lower-cases, so no word is hashed twice or copied.
class WordTable
{
public:
    static constexpr quint32 Seed = 2166136261U;
    static quint32 step(quint32 hash, char16_t c) { return (hash ^ c) * 16777619U; }
    static quint32 hashOf(std::u16string_view word)
    {
        quint32 hash = Seed;
        for (const char16_t c : word)
            hash = step(hash, c);
        return hash;
    }

    void build(const std::unordered_map<std::u16string, int, WordHash, std::equal_to<>> &words)
    {
        qsizetype size = 16;
        while (size < qsizetype(words.size()) * 4)
            size *= 2;
        m_slots.assign(size_t(size), Slot());
        m_mask = quint32(size - 1);
        for (const auto &[word, id] : words) {
            const quint32 hash = hashOf(word);
            quint32 at = hash & m_mask;
            while (m_slots[at].id >= 0)
                at = (at + 1) & m_mask;
            m_slots[at] = {hash, id, m_pool.size(), word.size()};
            m_pool += word;
        }
    }

    // The word's number, or -1.
    int find(quint32 hash, std::u16string_view word) const
    {
        for (quint32 at = hash & m_mask;; at = (at + 1) & m_mask) {
            const Slot &slot = m_slots[at];
            if (slot.id < 0)
                return -1;
            if (slot.hash == hash && slot.length == word.size()
                && std::u16string_view(m_pool).substr(slot.offset, slot.length) == word)
                return slot.id;
        }
    }

private:
    struct Slot
    {
        quint32 hash = 0;
        int id = -1;
        size_t offset = 0;
        size_t length = 0;
    };
    std::vector<Slot> m_slots{1};
    quint32 m_mask = 0;
    std::u16string m_pool;
};

// Words up to this long are lower-cased on the stack; longer ones (none of the table's, as a
// rule) through a string.
constexpr qsizetype MaxWordLength = 64;

struct Index
{
    std::vector<CompiledRule> rules; // by priority, then table order
    QList<QList<int>> byWord;        // per word number: the rows whose rarest word it is
    QList<int> always;               // rows without a fixed word
    // Every row without a fixed word as one alternation (named groups made plain): a text it
    // does not match has no such row to try, told by one match instead of one per row.
    TextPattern anyAlways{QString()};
    QList<QList<int>> byClass; // every row of a class that decides, in order
    QHash<QString, int> byName;
    // Every row's fixed words (lower case), numbered.
    std::unordered_map<std::u16string, int, WordHash, std::equal_to<>> wordIds;
    WordTable table; // wordIds, for the look-ups of wordsOf()

    // Which (first character, length) pairs the fixed words have, for ASCII first characters:
    // most words of a text fail this look and are never hashed.
    std::array<quint64, 128> shapes{}; // per first character: bit n set for length n (n < 64)

    bool mayBeWord(char16_t first, qsizetype length) const
    {
        return first >= 128 || length >= 64 || ((shapes[first] >> length) & 1U);
    }

    int wordId(const QString &word)
    {
        const char16_t first = word.front().unicode();
        if (first < 128 && word.size() < 64)
            shapes[first] |= quint64(1) << word.size();
        else if (first < 128)
            shapes[first] |= quint64(1) << 63; // a long word: its lengths are not told apart
        const auto [it, added] =
                wordIds.try_emplace(std::u16string(reinterpret_cast<const char16_t *>(word.utf16()),
                                                   size_t(word.size())),
                                    int(byWord.size()));
        if (added)
            byWord.append(QList<int>());
        return it->second;
    }
};

// The fixed words a text holds: a bit per word number, and the numbers in the order found.
struct PresentWords
{
    QVarLengthArray<quint64, 8> bits;
    QVarLengthArray<int, 32> found;

    bool has(int id) const { return (bits[id / 64] >> (id % 64)) & 1U; }
    void add(int id)
    {
        if (has(id))
            return;
        bits[id / 64] |= quint64(1) << (id % 64);
        found.append(id);
    }
};

const Index &index()
{
    // A function-local static: built once, thread-safely, on first use.
    static const Index built = [] {
        Index result;
        QList<const ErrorRule *> ordered;
        for (const ErrorRule &rule : ErrorRules::rows())
            ordered.append(&rule);
        std::stable_sort(
                ordered.begin(), ordered.end(),
                [](const ErrorRule *a, const ErrorRule *b) { return a->priority < b->priority; });
        result.byClass.resize(allErrorClasses().size());
        for (const ErrorRule *rule : ordered) {
            CompiledRule compiled{
                    rule,
                    false,
                    TextPattern(QString::fromUtf16(rule->pattern),
                                TextPattern::CaseInsensitive | TextPattern::Multiline),
                    {},
                    {}};
            for (int c = 0; c < CaptureCount; ++c)
                compiled.groups[size_t(c)] =
                        compiled.expression.groupNumber(QStringView(captureNames[size_t(c)]));
            const int at = int(result.rules.size());
            const QStringList words = requiredWords(QStringView(rule->pattern));
            for (const QString &word : words)
                compiled.words.append(result.wordId(word));
            result.rules.push_back(std::move(compiled));
            result.byName.insert(QString::fromUtf16(rule->name), at);
            if (rule->captureOnly)
                continue;
            if (words.isEmpty()) {
                result.always.append(at);
                result.rules.back().always = true;
            } else {
                // The longest word is the rarest, as a rule.
                qsizetype best = 0;
                for (qsizetype w = 1; w < words.size(); ++w) {
                    if (words.at(w).size() > words.at(best).size())
                        best = w;
                }
                result.byWord[result.rules.back().words.at(best)].append(at);
            }
            result.byClass[qsizetype(rule->errorClass)].append(at);
        }
        static const QRegularExpression namedGroup(uR"(\(\?<([A-Za-z_]\w*)>)"_s);
        QStringList alternatives;
        for (const int at : std::as_const(result.always)) {
            alternatives.append(u"(?:"_s
                                + QString::fromUtf16(result.rules[size_t(at)].rule->pattern)
                                          .replace(namedGroup, u"(?:"_s)
                                + u')');
        }
        result.anyAlways = TextPattern(alternatives.join(u'|'),
                                       TextPattern::CaseInsensitive | TextPattern::Multiline);
        result.table.build(result.wordIds);
        return result;
    }();
    return built;
}

bool engineAllowed(const ErrorRule &rule, EngineFamily family)
{
    return rule.engines == 0 || family == EngineFamily::Any || (rule.engines & quint16(family));
}

std::optional<RuleMatch> tryRule(const CompiledRule &compiled, QStringView text)
{
    const TextMatch m = compiled.expression.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    RuleMatch result;
    result.rule = compiled.rule;
    for (int c = 0; c < CaptureCount; ++c) {
        const int group = compiled.groups[size_t(c)];
        if (group > 0)
            result.captures[size_t(c)] = m.captured(group);
    }
    return result;
}

} // namespace

QString captureName(Capture capture)
{
    return QString::fromUtf16(captureNames[size_t(capture)]);
}

EngineFamily engineFamily(Engine engine)
{
    return EngineRegistry::forEngine(engine).ruleFamily();
}

QString RuleMatch::ruleName() const
{
    return rule ? QString::fromUtf16(rule->name) : QString();
}

namespace {

// The fixed words of the rule table that a text holds, lower-cased.
PresentWords wordsOf(const Index &rules, QStringView text)
{
    PresentWords present;
    present.bits.resize((qsizetype(rules.byWord.size()) + 63) / 64);
    std::fill(present.bits.begin(), present.bits.end(), 0);
    char16_t lower[MaxWordLength];
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        while (i < n && !isWordChar(text.at(i)))
            ++i;
        const qsizetype start = i;
        bool ascii = true;
        while (i < n && isWordChar(text.at(i))) {
            ascii = ascii && text.at(i).unicode() < 0x80;
            ++i;
        }
        const qsizetype length = i - start;
        if (length < 3)
            continue;
        int id = -1;
        if (ascii && length <= MaxWordLength) {
            const char16_t first = text.at(start).unicode();
            if (!rules.mayBeWord(first >= u'A' && first <= u'Z' ? char16_t(first + 32) : first,
                                 length))
                continue;
            quint32 hash = WordTable::Seed;
            for (qsizetype k = 0; k < length; ++k) {
                const char16_t c = text.at(start + k).unicode();
                lower[k] = c >= u'A' && c <= u'Z' ? char16_t(c + 32) : c;
                hash = WordTable::step(hash, lower[k]);
            }
            id = rules.table.find(hash, std::u16string_view(lower, size_t(length)));
        } else {
            const QString word = text.sliced(start, length).toString().toLower();
            const std::u16string_view view(reinterpret_cast<const char16_t *>(word.utf16()),
                                           size_t(word.size()));
            id = rules.table.find(WordTable::hashOf(view), view);
        }
        if (id >= 0)
            present.add(id);
    }
    return present;
}

bool hasAll(const PresentWords &present, const QList<int> &words)
{
    for (const int word : words) {
        if (!present.has(word))
            return false;
    }
    return true;
}

} // namespace

std::optional<RuleMatch> ErrorRules::match(Engine engine, QStringView text,
                                           std::optional<ErrorClass> onlyClass)
{
    const Index &rules = index();
    const EngineFamily family = engineFamily(engine);
    const PresentWords present = wordsOf(rules, text);
    std::optional<bool> anyAlways; // looked at once, when the first such row comes up
    // A row is tried only when the text holds every fixed word of its pattern.
    const auto attempt = [&](int at) -> std::optional<RuleMatch> {
        const CompiledRule &compiled = rules.rules[size_t(at)];
        if (!engineAllowed(*compiled.rule, family) || !hasAll(present, compiled.words))
            return std::nullopt;
        if (compiled.always) {
            if (!anyAlways)
                anyAlways = rules.anyAlways.match(text).hasMatch();
            if (!*anyAlways)
                return std::nullopt;
        }
        return tryRule(compiled, text);
    };
    if (onlyClass) {
        for (const int at : rules.byClass.at(qsizetype(*onlyClass))) {
            if (std::optional<RuleMatch> found = attempt(at))
                return found;
        }
        return std::nullopt;
    }
    // The rows whose rarest word the text holds, and those that have none, in priority order.
    QVarLengthArray<int, 64> candidates(rules.always.cbegin(), rules.always.cend());
    for (const int word : present.found) {
        for (const int at : rules.byWord.at(word))
            candidates.append(at);
    }
    std::sort(candidates.begin(), candidates.end());
    for (const int at : candidates) {
        if (std::optional<RuleMatch> found = attempt(at))
            return found;
    }
    return std::nullopt;
}

std::optional<RuleMatch> ErrorRules::matchNamed(Engine engine, QStringView text, QStringView name)
{
    const Index &rules = index();
    const auto it = rules.byName.constFind(name.toString());
    if (it == rules.byName.constEnd())
        return std::nullopt;
    const CompiledRule &compiled = rules.rules[size_t(*it)];
    if (!engineAllowed(*compiled.rule, engineFamily(engine)))
        return std::nullopt;
    return tryRule(compiled, text);
}

std::optional<RuleMatch> ErrorRules::firstOf(Engine engine, QStringView text,
                                             std::initializer_list<QStringView> names)
{
    for (const QStringView name : names) {
        if (std::optional<RuleMatch> found = matchNamed(engine, text, name))
            return found;
    }
    return std::nullopt;
}

bool ErrorRules::hasRow(QStringView name)
{
    return index().byName.contains(name.toString());
}

QStringList ErrorRules::parserExpected(QStringView text)
{
    static const QRegularExpression expected(
            uR"re(\bExpected (?:one of: )?(.+?)(?:, e\.what\(\)|\.?\s*$|\n))re"_s);
    const QRegularExpressionMatch found = expected.match(text);
    if (!found.hasMatch())
        return {};
    QStringList items;
    for (const QString &part : found.captured(1).split(u", "_s))
        items.append(part.trimmed());
    // The last two are joined by "or" ("subquery or list of joined tables").
    if (!items.isEmpty()) {
        const QString last = items.takeLast();
        const qsizetype orAt = last.indexOf(u" or "_s);
        if (orAt > 0) {
            items.append(last.left(orAt));
            items.append(last.mid(orAt + 4));
        } else {
            items.append(last);
        }
    }
    items.removeAll(QString());
    return items;
}

QStringList ErrorRules::invalidPatterns()
{
    QStringList invalid;
    if (!index().anyAlways.isValid())
        invalid.append(u"(the rows without a fixed word, as one pattern): "_s
                       + index().anyAlways.errorString());
    for (const CompiledRule &compiled : index().rules) {
        if (!compiled.expression.isValid())
            invalid.append(QString::fromUtf16(compiled.rule->name) + u": "_s
                           + compiled.expression.errorString());
    }
    return invalid;
}

} // namespace sqlmend::core
