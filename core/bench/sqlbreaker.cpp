#include "core/bench/sqlbreaker.h"

#include "core/engines/engineregistry.h"
#include "core/sql/sqltokenizer.h"

#include <QHash>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Words that end a table reference or stand where an alias could be.
bool isClauseWord(const SqlToken &token)
{
    static const QStringList words = {
            u"where"_s,     u"join"_s,   u"on"_s,     u"group"_s, u"order"_s,   u"limit"_s,
            u"inner"_s,     u"left"_s,   u"right"_s,  u"cross"_s, u"natural"_s, u"union"_s,
            u"intersect"_s, u"except"_s, u"having"_s, u"as"_s,    u"full"_s,    u"outer"_s,
            u"using"_s,     u"select"_s, u"from"_s,   u"and"_s,   u"or"_s,      u"not"_s,
            u"offset"_s,    u"window"_s,
    };
    return token.kind == SqlTokenKind::Word && words.contains(token.name.toLower());
}

// Names a misspelling must never become: SQL words and SQLite's hidden row id.
const QStringList &reservedNames()
{
    static const QStringList names = {
            u"rowid"_s,    u"oid"_s,    u"_rowid_"_s, u"select"_s, u"from"_s,    u"where"_s,
            u"group"_s,    u"order"_s,  u"by"_s,      u"as"_s,     u"on"_s,      u"in"_s,
            u"is"_s,       u"or"_s,     u"and"_s,     u"not"_s,    u"null"_s,    u"like"_s,
            u"join"_s,     u"limit"_s,  u"having"_s,  u"union"_s,  u"desc"_s,    u"asc"_s,
            u"case"_s,     u"when"_s,   u"then"_s,    u"else"_s,   u"end"_s,     u"all"_s,
            u"any"_s,      u"set"_s,    u"to"_s,      u"do"_s,     u"key"_s,     u"table"_s,
            u"user"_s,     u"left"_s,   u"right"_s,   u"cast"_s,   u"between"_s, u"exists"_s,
            u"distinct"_s, u"except"_s, u"offset"_s,  u"values"_s, u"into"_s,
    };
    return names;
}

// The statement's tokens without comments, with their parenthesis depth and what they name.
struct Analysis
{
    enum class Role { Other, Table, Alias, Column, Qualifier, Function };

    QString sql;
    QList<SqlToken> tokens;
    QList<int> depth;
    QList<Role> role;
    QHash<QString, QString> tableOfAlias; // lower-case alias or table name -> real table name
    QStringList tables;                   // real names of the referenced tables

    bool is(qsizetype i, SqlTokenKind kind) const
    {
        return i >= 0 && i < tokens.size() && tokens.at(i).kind == kind;
    }
    bool isWord(qsizetype i, QStringView word) const
    {
        return i >= 0 && i < tokens.size() && tokens.at(i).isWord(word);
    }
    QStringView text(qsizetype i) const { return tokens.at(i).text(sql); }
};

Analysis analyse(QStringView sql, Engine engine, const SchemaNames &schema)
{
    Analysis a;
    a.sql = sql.toString();
    for (const SqlToken &token : SqlTokenizer(engine).tokenize(sql)) {
        if (!token.isComment())
            a.tokens.append(token);
    }
    a.depth.resize(a.tokens.size());
    a.role.fill(Analysis::Role::Other, a.tokens.size());
    int depth = 0;
    for (qsizetype i = 0; i < a.tokens.size(); ++i) {
        if (a.tokens.at(i).kind == SqlTokenKind::CloseParen)
            depth = std::max(0, depth - 1);
        a.depth[i] = depth;
        if (a.tokens.at(i).kind == SqlTokenKind::OpenParen)
            ++depth;
    }

    // Table references after FROM, JOIN and the commas of a FROM list, with their aliases.
    for (qsizetype i = 0; i < a.tokens.size(); ++i) {
        if (!a.isWord(i, u"from") && !a.isWord(i, u"join"))
            continue;
        qsizetype j = i + 1;
        while (j < a.tokens.size()) {
            const SqlToken &token = a.tokens.at(j);
            if (!token.isIdentifier() || !schema.findTable(token.name))
                break;
            const QString real = schema.findTable(token.name)->name;
            a.role[j] = Analysis::Role::Table;
            a.tableOfAlias.insert(token.name.toLower(), real);
            if (!a.tables.contains(real, Qt::CaseInsensitive))
                a.tables.append(real);
            qsizetype next = j + 1;
            if (a.isWord(next, u"as"))
                ++next;
            if (next < a.tokens.size() && a.tokens.at(next).isIdentifier()
                && !isClauseWord(a.tokens.at(next))) {
                a.role[next] = Analysis::Role::Alias;
                a.tableOfAlias.insert(a.tokens.at(next).name.toLower(), real);
                ++next;
            }
            if (!a.is(next, SqlTokenKind::Comma))
                break;
            j = next + 1;
        }
    }

    const QStringList columns = schema.columnNames(a.tables);
    for (qsizetype i = 0; i < a.tokens.size(); ++i) {
        const SqlToken &token = a.tokens.at(i);
        if (a.role.at(i) != Analysis::Role::Other || !token.isIdentifier())
            continue;
        if (a.is(i + 1, SqlTokenKind::OpenParen)) {
            a.role[i] = Analysis::Role::Function;
        } else if (a.is(i + 1, SqlTokenKind::Dot)) {
            if (a.tableOfAlias.contains(token.name.toLower()))
                a.role[i] = Analysis::Role::Qualifier;
        } else if (columns.contains(token.name, Qt::CaseInsensitive)) {
            // A name after AS is an output alias even when it spells a column.
            if (!a.isWord(i - 1, u"as"))
                a.role[i] = Analysis::Role::Column;
        }
    }
    return a;
}

QString replaced(const Analysis &a, qsizetype index, const QString &text)
{
    QString result = a.sql;
    result.replace(a.tokens.at(index).offset, a.tokens.at(index).length, text);
    return result;
}

// The real table a column token belongs to: its qualifier's, or the one referenced table that
// has the column.
QString tableOfColumn(const Analysis &a, qsizetype index, const SchemaNames &schema)
{
    if (a.is(index - 1, SqlTokenKind::Dot) && index >= 2
        && a.role.at(index - 2) == Analysis::Role::Qualifier)
        return a.tableOfAlias.value(a.tokens.at(index - 2).name.toLower());
    QString found;
    for (const QString &table : a.tables) {
        const SchemaNames::Table *t = schema.findTable(table);
        if (t && t->columns.contains(a.tokens.at(index).name, Qt::CaseInsensitive)) {
            if (!found.isEmpty())
                return {};
            found = t->name;
        }
    }
    return found;
}

// The real spelling of a column of a table, as the schema holds it.
QString realColumn(const SchemaNames &schema, const QString &table, const QString &column)
{
    if (const SchemaNames::Table *t = schema.findTable(table)) {
        for (const QString &name : t->columns) {
            if (name.compare(column, Qt::CaseInsensitive) == 0)
                return name;
        }
    }
    return column;
}

QStringList forbiddenNames(const Analysis &a, const SchemaNames &schema)
{
    QStringList names = reservedNames();
    names += schema.tableNames();
    names += schema.columnNames();
    names += schema.functions;
    for (const SqlToken &token : a.tokens) {
        if (token.isIdentifier())
            names.append(token.name);
    }
    return names;
}

template<typename T>
const T &pick(const QList<T> &list, quint64 seed)
{
    return list.at(qsizetype(
            QRandomGenerator(quint32(seed ^ (seed >> 32))).bounded(quint32(list.size()))));
}

// ---- the kinds ---------------------------------------------------------------------------------

std::optional<SqlBreak> misspellRole(const Analysis &a, const SchemaNames &schema, quint64 seed,
                                     Analysis::Role role, BreakKind kind)
{
    QList<qsizetype> candidates;
    for (qsizetype i = 0; i < a.tokens.size(); ++i) {
        // Only bare words: SQLite reads an unknown "quoted" name as a string.
        if (a.role.at(i) == role && a.tokens.at(i).kind == SqlTokenKind::Word)
            candidates.append(i);
    }
    if (candidates.isEmpty())
        return std::nullopt;
    // From the seeded place on, the first name that has a typo (a two-letter name may not).
    const QStringList forbidden = forbiddenNames(a, schema);
    const qsizetype start = candidates.indexOf(pick(candidates, seed));
    qsizetype index = -1;
    QString wrong;
    for (qsizetype k = 0; k < candidates.size() && wrong.isEmpty(); ++k) {
        index = candidates.at((start + k) % candidates.size());
        wrong = SqlBreaker::misspell(a.tokens.at(index).name, seed, forbidden);
    }
    if (wrong.isEmpty())
        return std::nullopt;
    const QString name = a.tokens.at(index).name;
    SqlBreak result;
    result.kind = kind;
    result.sql = replaced(a, index, wrong);
    result.wrongName = wrong;
    if (role == Analysis::Role::Table) {
        result.expectedClasses = {ErrorClass::TableMissing};
        result.rightNames = {schema.findTable(name)->name};
    } else {
        result.expectedClasses = {ErrorClass::ColumnMissing};
        const QString table = tableOfColumn(a, index, schema);
        result.rightNames = {table.isEmpty() ? name : realColumn(schema, table, name)};
    }
    return result;
}

// The index of the SELECT that opens the query a token at index belongs to, or -1.
qsizetype selectOf(const Analysis &a, qsizetype index)
{
    const int depth = a.depth.at(index);
    for (qsizetype i = index - 1; i >= 0; --i) {
        if (a.depth.at(i) < depth)
            return -1;
        if (a.depth.at(i) == depth && a.isWord(i, u"select"))
            return i;
    }
    return -1;
}

std::optional<SqlBreak> dropGroupBy(const Analysis &a, quint64 seed)
{
    struct Candidate
    {
        qsizetype removeFirst; // token range to remove, inclusive
        qsizetype removeLast;
        QString column;
    };
    QList<Candidate> candidates;
    for (qsizetype g = 0; g + 1 < a.tokens.size(); ++g) {
        if (!a.isWord(g, u"group") || !a.isWord(g + 1, u"by"))
            continue;
        const int depth = a.depth.at(g);
        const qsizetype select = selectOf(a, g);
        if (select < 0)
            continue;
        // Plain columns of the select list at this query's own level.
        QStringList plain;
        for (qsizetype i = select + 1; i < g && !(a.depth.at(i) == depth && a.isWord(i, u"from"));
             ++i) {
            if (a.depth.at(i) == depth && a.role.at(i) == Analysis::Role::Column)
                plain.append(a.tokens.at(i).name.toLower());
        }
        // The GROUP BY items, split at this level's commas.
        QList<QPair<qsizetype, qsizetype>> items;
        qsizetype start = g + 2;
        qsizetype i = start;
        bool having = false;
        for (; i < a.tokens.size(); ++i) {
            const SqlToken &token = a.tokens.at(i);
            if (a.depth.at(i) < depth || token.kind == SqlTokenKind::Semicolon)
                break;
            if (a.depth.at(i) == depth
                && (token.isWord(u"having") || token.isWord(u"order") || token.isWord(u"limit")
                    || token.isWord(u"union") || token.isWord(u"intersect")
                    || token.isWord(u"except") || token.kind == SqlTokenKind::CloseParen)) {
                having = token.isWord(u"having");
                break;
            }
            if (a.depth.at(i) == depth && token.kind == SqlTokenKind::Comma) {
                items.append({start, i - 1});
                start = i + 1;
            }
        }
        items.append({start, i - 1});
        for (qsizetype k = 0; k < items.size(); ++k) {
            const auto [first, last] = items.at(k);
            // A column alone, bare or qualified.
            const bool bare = first == last && a.role.at(first) == Analysis::Role::Column;
            const bool qualified = last == first + 2
                    && a.role.at(first) == Analysis::Role::Qualifier
                    && a.is(first + 1, SqlTokenKind::Dot)
                    && a.role.at(last) == Analysis::Role::Column;
            if (!bare && !qualified)
                continue;
            const QString column = a.tokens.at(last).name;
            if (!plain.contains(column.toLower()))
                continue;
            if (items.size() == 1) {
                if (!having)
                    candidates.append({g, last, column});
            } else if (k == 0) {
                candidates.append({first, last + 1, column}); // with the comma after it
            } else {
                candidates.append({first - 1, last, column}); // with the comma before it
            }
        }
    }
    if (candidates.isEmpty())
        return std::nullopt;
    const Candidate &chosen = pick(candidates, seed);
    const qsizetype from = a.tokens.at(chosen.removeFirst).offset;
    const qsizetype to = a.tokens.at(chosen.removeLast).end();
    QString sql = a.sql;
    sql.remove(from, to - from);
    SqlBreak result;
    result.kind = BreakKind::GroupByDropped;
    result.sql = sql;
    result.expectedClasses = {ErrorClass::GroupBy};
    result.rightNames = {chosen.column};
    return result;
}

// Functions spelled for another engine, and this engine's spelling of them.
struct ForeignSpelling
{
    QString foreign;
    QString native;
    bool twoArguments; // NVL(x, x) keeps the value; LEN(x) takes one
};

QList<ForeignSpelling> foreignSpellings(Engine engine)
{
    const SqlEngine &native = EngineRegistry::forEngine(engine);
    QList<ForeignSpelling> spellings{{u"LEN"_s, native.lengthFunction(), false}};
    if (const QString fallback = native.nullFallbackFunction(); !fallback.isEmpty())
        spellings.append({u"NVL"_s, fallback, true});
    return spellings;
}

std::optional<SqlBreak> foreignFunction(const Analysis &a, Engine engine, quint64 seed)
{
    const QList<ForeignSpelling> spellings = foreignSpellings(engine);
    // Calls the statement already makes, renamed to another engine's spelling.
    QList<qsizetype> calls;
    for (qsizetype i = 0; i < a.tokens.size(); ++i) {
        if (a.role.at(i) != Analysis::Role::Function)
            continue;
        for (const ForeignSpelling &spelling : spellings) {
            if (a.tokens.at(i).name.compare(spelling.native, Qt::CaseInsensitive) == 0)
                calls.append(i);
        }
    }
    SqlBreak result;
    result.kind = BreakKind::ForeignFunction;
    result.expectedClasses = {ErrorClass::FunctionMissing};
    if (!calls.isEmpty()) {
        const qsizetype index = pick(calls, seed);
        for (const ForeignSpelling &spelling : spellings) {
            if (a.tokens.at(index).name.compare(spelling.native, Qt::CaseInsensitive) == 0) {
                result.sql = replaced(a, index, spelling.foreign);
                result.rightNames = {spelling.native};
                result.wrongName = spelling.foreign;
                return result;
            }
        }
    }
    // Otherwise a column of the outermost select list, wrapped in another engine's function.
    QList<qsizetype> columns;
    if (!a.isWord(0, u"select"))
        return std::nullopt;
    for (qsizetype i = 1; i < a.tokens.size(); ++i) {
        if (a.depth.at(i) == 0 && a.isWord(i, u"from"))
            break;
        if (a.role.at(i) == Analysis::Role::Column)
            columns.append(i);
    }
    if (columns.isEmpty())
        return std::nullopt;
    const qsizetype index = pick(columns, seed);
    const ForeignSpelling &spelling = pick(spellings, seed >> 7);
    // The whole reference, qualifier included.
    const qsizetype first = a.is(index - 1, SqlTokenKind::Dot) && index >= 2 ? index - 2 : index;
    const qsizetype from = a.tokens.at(first).offset;
    const QString reference = a.sql.mid(from, a.tokens.at(index).end() - from);
    const QString call = spelling.twoArguments ? u"%1(%2, %2)"_s.arg(spelling.foreign, reference)
                                               : u"%1(%2)"_s.arg(spelling.foreign, reference);
    result.sql = a.sql;
    result.sql.replace(from, reference.size(), call);
    result.rightNames = {spelling.native};
    result.wrongName = spelling.foreign;
    return result;
}

bool looksNumeric(QStringView text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok && std::isfinite(value);
}

// 'text' compared with a number: a text literal becomes a bare number, or a number literal
// compared with a column gets quotes.
std::optional<SqlBreak> stringNumber(const Analysis &a, Engine engine, quint64 seed)
{
    struct Candidate
    {
        qsizetype literal;
        qsizetype op;
        bool quote; // true: quote a number; false: unquote a string
    };
    QList<Candidate> textCandidates;
    QList<Candidate> numberCandidates;
    for (qsizetype i = 0; i + 2 < a.tokens.size(); ++i) {
        for (const auto &[column, op, literal] :
             {std::tuple{i, i + 1, i + 2}, std::tuple{i + 2, i + 1, i}}) {
            if (a.role.at(column) != Analysis::Role::Column
                || a.tokens.at(op).kind != SqlTokenKind::Operator
                || !isComparisonOperator(a.text(op)))
                continue;
            // A literal alone on its side: not the first term of a longer expression.
            if (literal == i + 2 && i + 3 < a.tokens.size()
                && a.tokens.at(i + 3).kind == SqlTokenKind::Operator)
                continue;
            if (literal == i && i > 0 && a.tokens.at(i - 1).kind == SqlTokenKind::Operator)
                continue;
            const SqlTokenKind kind = a.tokens.at(literal).kind;
            // SQLite reads a double-quoted name that names nothing as a string.
            const bool quotedString =
                    EngineRegistry::forEngine(engine).doubleQuotedNameMayBeString()
                    && kind == SqlTokenKind::QuotedIdentifier
                    && a.role.at(literal) == Analysis::Role::Other;
            if (kind == SqlTokenKind::String || quotedString)
                textCandidates.append({literal, op, false});
            else if (kind == SqlTokenKind::Number)
                numberCandidates.append({literal, op, true});
        }
    }
    const QList<Candidate> &candidates =
            textCandidates.isEmpty() ? numberCandidates : textCandidates;
    if (candidates.isEmpty())
        return std::nullopt;
    const Candidate chosen = pick(candidates, seed);
    const QString literal = a.text(chosen.literal).toString();
    QString replacement;
    if (chosen.quote) {
        replacement = u'\'' + literal + u'\'';
    } else {
        const SqlToken &token = a.tokens.at(chosen.literal);
        const QString inner = token.kind == SqlTokenKind::QuotedIdentifier
                ? token.name
                : literal.mid(literal.indexOf(u'\'') + 1,
                              std::max<qsizetype>(
                                      0, literal.lastIndexOf(u'\'') - literal.indexOf(u'\'') - 1));
        replacement = looksNumeric(inner) ? inner.trimmed() : QString::number(inner.size());
    }
    SqlBreak result;
    result.kind = BreakKind::StringNumber;
    result.sql = replaced(a, chosen.literal, replacement);
    result.expectedClasses = {ErrorClass::OperatorMismatch, ErrorClass::CastError};
    const QString op = a.text(chosen.op).toString();
    result.rightNames = {u'`' + op + u'`', replacement};
    if (op == u"!=" || op == u"<>") // engines report either spelling
        result.rightNames.append(op == u"!=" ? u"`<>`"_s : u"`!=`"_s);
    result.wrongName = replacement;
    return result;
}

std::optional<SqlBreak> ambiguousColumn(const Analysis &a, const SchemaNames &schema, quint64 seed)
{
    QList<qsizetype> candidates;
    for (qsizetype i = 2; i < a.tokens.size(); ++i) {
        if (a.role.at(i) != Analysis::Role::Column || !a.is(i - 1, SqlTokenKind::Dot)
            || a.role.at(i - 2) != Analysis::Role::Qualifier)
            continue;
        int holders = 0;
        for (const QString &table : a.tables) {
            const SchemaNames::Table *t = schema.findTable(table);
            if (t && t->columns.contains(a.tokens.at(i).name, Qt::CaseInsensitive))
                ++holders;
        }
        if (holders >= 2)
            candidates.append(i);
    }
    if (candidates.isEmpty())
        return std::nullopt;
    const qsizetype index = pick(candidates, seed);
    const qsizetype from = a.tokens.at(index - 2).offset;
    QString sql = a.sql;
    sql.remove(from, a.tokens.at(index).offset - from);
    const QString table = a.tableOfAlias.value(a.tokens.at(index - 2).name.toLower());
    SqlBreak result;
    result.kind = BreakKind::AmbiguousColumn;
    result.sql = sql;
    result.expectedClasses = {ErrorClass::AmbiguousColumn};
    result.rightNames = {table + u'.' + realColumn(schema, table, a.tokens.at(index).name)};
    return result;
}

} // namespace

QString breakKindName(BreakKind kind)
{
    switch (kind) {
    case BreakKind::ColumnMisspelled:
        return u"column_misspelled"_s;
    case BreakKind::TableMisspelled:
        return u"table_misspelled"_s;
    case BreakKind::GroupByDropped:
        return u"group_by_dropped"_s;
    case BreakKind::ForeignFunction:
        return u"foreign_function"_s;
    case BreakKind::StringNumber:
        return u"string_number"_s;
    case BreakKind::AmbiguousColumn:
        return u"ambiguous_column"_s;
    }
    return {};
}

const QList<BreakKind> &allBreakKinds()
{
    static const QList<BreakKind> kinds = {
            BreakKind::ColumnMisspelled, BreakKind::TableMisspelled, BreakKind::GroupByDropped,
            BreakKind::ForeignFunction,  BreakKind::StringNumber,    BreakKind::AmbiguousColumn,
    };
    return kinds;
}

SqlBreaker::SqlBreaker(Engine engine, SchemaNames schema)
    : m_engine(engine), m_schema(std::move(schema))
{
}

std::optional<SqlBreak> SqlBreaker::breakSql(QStringView sql, BreakKind kind, quint64 seed) const
{
    const Analysis a = analyse(sql, m_engine, m_schema);
    switch (kind) {
    case BreakKind::ColumnMisspelled:
        return misspellRole(a, m_schema, seed, Analysis::Role::Column, kind);
    case BreakKind::TableMisspelled:
        return misspellRole(a, m_schema, seed, Analysis::Role::Table, kind);
    case BreakKind::GroupByDropped:
        return dropGroupBy(a, seed);
    case BreakKind::ForeignFunction:
        return foreignFunction(a, m_engine, seed);
    case BreakKind::StringNumber:
        return stringNumber(a, m_engine, seed);
    case BreakKind::AmbiguousColumn:
        return ambiguousColumn(a, m_schema, seed);
    }
    return std::nullopt;
}

QString SqlBreaker::misspell(const QString &name, quint64 seed, const QStringList &forbidden)
{
    using Edit = std::function<QString(QRandomGenerator &)>;
    auto letterAt = [&name](QRandomGenerator &random, qsizetype from) -> qsizetype {
        QList<qsizetype> letters;
        for (qsizetype i = from; i < name.size(); ++i) {
            if (name.at(i).isLetter())
                letters.append(i);
        }
        return letters.isEmpty() ? -1 : letters.at(random.bounded(int(letters.size())));
    };
    const QList<Edit> edits = {
            // A letter dropped (never the first: people get that one right).
            [&](QRandomGenerator &random) {
                const qsizetype at = name.size() >= 4 ? letterAt(random, 1) : -1;
                return at < 0 ? QString() : QString(name).remove(at, 1);
            },
            // A letter typed twice.
            [&](QRandomGenerator &random) {
                const qsizetype at = name.size() >= 3 ? letterAt(random, 1) : -1;
                return at < 0 ? QString() : QString(name).insert(at, name.at(at));
            },
            // Two neighbouring letters swapped.
            [&](QRandomGenerator &random) {
                const qsizetype at = name.size() >= 4 ? letterAt(random, 1) : -1;
                if (at < 0 || at + 1 >= name.size() || !name.at(at + 1).isLetter()
                    || name.at(at) == name.at(at + 1))
                    return QString();
                QString result = name;
                std::swap(result[at], result[at + 1]);
                return result;
            },
            // An underscore left out.
            [&](QRandomGenerator &) {
                const qsizetype at = name.indexOf(u'_', 1);
                return at < 0 ? QString() : QString(name).remove(at, 1);
            },
            // An underscore added between words (petType -> pet_Type).
            [&](QRandomGenerator &) {
                for (qsizetype i = 1; i < name.size(); ++i) {
                    if (name.at(i).isUpper() && name.at(i - 1).isLower())
                        return QString(name).insert(i, u'_');
                }
                return QString();
            },
            // Singular for plural and back.
            [&](QRandomGenerator &) {
                if (name.size() < 2 || !name.back().isLetter())
                    return QString();
                if (name.endsWith(u's', Qt::CaseInsensitive) && !name.endsWith(u"ss"))
                    return name.left(name.size() - 1);
                return name + (name.back().isUpper() ? u'S' : u's');
            },
    };
    QRandomGenerator random(quint32(seed ^ (seed >> 32) ^ 0x9e3779b9u));
    QList<qsizetype> order;
    for (qsizetype i = 0; i < edits.size(); ++i)
        order.append(i);
    // Fisher-Yates by hand: std::shuffle's order differs between standard libraries.
    for (qsizetype i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[qsizetype(random.bounded(quint32(i + 1)))]);
    for (const qsizetype index : order) {
        const QString result = edits.at(index)(random);
        if (result.isEmpty() || result.compare(name, Qt::CaseInsensitive) == 0)
            continue;
        if (forbidden.contains(result, Qt::CaseInsensitive))
            continue;
        return result;
    }
    return {};
}

} // namespace sqlmend::core
