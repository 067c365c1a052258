#include "core/repair/repairstep.h"

#include "core/engines/engineregistry.h"
#include "core/sql/sqltokenizer.h"

#include <QRegularExpression>

#include <algorithm>
#include <numeric>

namespace sqlmend::core {

RepairInput::RepairInput(QString sql, Engine engine, Diagnosis diagnosis, const SchemaNames *schema)
    : m_sql(std::move(sql)),
      m_engine(engine),
      m_diagnosis(std::move(diagnosis)),
      m_schema(schema && !schema->isEmpty() ? schema : nullptr)
{
}

QString RepairInput::capture(Capture which) const
{
    return m_diagnosis.classification.match.capture(which);
}

bool RepairInput::stoppedAt(qsizetype token) const
{
    const QString stop = capture(Capture::Token).trimmed();
    const QList<SqlToken> &tokens = scope().tokens;
    // The whole token: "3" is not where the engine stopped in "TOP 30".
    return !stop.isEmpty() && token >= 0 && token < tokens.size()
            && stop.size() >= tokens.at(token).length
            && QStringView(m_sql)
                       .sliced(tokens.at(token).offset)
                       .startsWith(stop, Qt::CaseInsensitive);
}

const QueryScope &RepairInput::scope() const
{
    if (!m_scope)
        m_scope = std::make_unique<QueryScope>(QueryScope::read(m_sql, m_engine));
    return *m_scope;
}

Repair RepairStep::made(QString sql, QString change) const
{
    return Repair{name(), std::move(sql), std::move(change), checksAnswer()};
}

namespace repairtext {

QString replaced(QStringView sql, const QList<SqlToken> &tokens,
                 const QList<std::pair<qsizetype, QString>> &replacements)
{
    QList<std::pair<qsizetype, QString>> ordered = replacements;
    std::sort(ordered.begin(), ordered.end(),
              [](const auto &a, const auto &b) { return a.first > b.first; });
    QString result = sql.toString();
    for (const auto &[index, text] : ordered) {
        const SqlToken &token = tokens.at(index);
        result.replace(token.offset, token.length, text);
    }
    return result;
}

QString before(QStringView sql, const QList<SqlToken> &tokens, qsizetype index)
{
    return trimmedStatement(sql.first(tokens.at(index).offset));
}

qsizetype significant(const QList<SqlToken> &tokens, qsizetype from, int step)
{
    qsizetype i = from + step;
    while (i >= 0 && i < tokens.size() && tokens.at(i).isComment())
        i += step;
    return i >= 0 && i < tokens.size() ? i : qsizetype(-1);
}

std::pair<qsizetype, qsizetype> operandBeside(const QList<SqlToken> &tokens, qsizetype op, int step)
{
    const qsizetype near = significant(tokens, op, step);
    const qsizetype dot = near >= 0 ? significant(tokens, near, step) : -1;
    const qsizetype far = dot >= 0 && tokens.at(dot).kind == SqlTokenKind::Dot
            ? significant(tokens, dot, step)
            : -1;
    if (far < 0)
        return {near, -1};
    return step > 0 ? std::pair{far, near} : std::pair{near, far};
}

bool balanced(const QList<SqlToken> &tokens, qsizetype from, qsizetype to)
{
    int depth = 0;
    for (qsizetype i = from; i < to && i < tokens.size(); ++i) {
        if (tokens.at(i).kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (tokens.at(i).kind == SqlTokenKind::CloseParen && --depth < 0)
            return false;
    }
    return depth == 0;
}

bool startsAsQuery(QStringView sql, Engine engine)
{
    for (const SqlToken &token : SqlTokenizer(engine).tokenize(sql)) {
        if (token.isComment() || token.kind == SqlTokenKind::OpenParen)
            continue;
        return token.isWord(u"SELECT") || token.isWord(u"WITH");
    }
    return false;
}

QString trimmedStatement(QStringView sql)
{
    QStringView view = sql.trimmed();
    while (view.endsWith(u';'))
        view = view.chopped(1).trimmed();
    return view.toString();
}

QString unquotedName(const QString &captured)
{
    QString name = captured;
    for (const QChar quote : {u'"', u'`', u'[', u']', u'\''})
        name.remove(quote);
    return name.trimmed();
}

QString lastNamePart(const QString &name)
{
    const qsizetype dot = name.lastIndexOf(u'.');
    return dot < 0 ? name : name.mid(dot + 1);
}

bool namesIt(const SqlToken &token, QStringView name)
{
    if (token.kind == SqlTokenKind::QuotedIdentifier)
        return token.name == name;
    return token.name.compare(name, Qt::CaseInsensitive) == 0;
}

namespace {

bool isPlainName(const QString &name)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return plain.match(name).hasMatch();
}

} // namespace

QString spelledName(const QString &name, Engine engine, bool quoted)
{
    const bool folds = engine == Engine::PostgreSQL && name != name.toLower();
    if (quoted || folds || !isPlainName(name))
        return EngineRegistry::forEngine(engine).quoteIdentifier(name);
    return name;
}

QString writtenName(const QString &name, Engine engine)
{
    return isPlainName(name) ? name : EngineRegistry::forEngine(engine).quoteIdentifier(name);
}

bool selectsStar(QStringView sql, const QList<SqlToken> &tokens)
{
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Operator || tokens.at(i).text(sql) != u"*")
            continue;
        const qsizetype before = repairtext::significant(tokens, i, -1);
        if (before < 0)
            continue;
        const SqlToken &token = tokens.at(before);
        if (token.kind == SqlTokenKind::Comma || token.kind == SqlTokenKind::Dot
            || token.isWord(u"SELECT") || token.isWord(u"DISTINCT") || token.isWord(u"ALL"))
            return true;
    }
    return false;
}

qsizetype itemEnd(const QList<SqlToken> &tokens, qsizetype table, const QString &alias,
                  const QString &tableName)
{
    const qsizetype next = repairtext::significant(tokens, table, 1);
    if (next < 0)
        return table;
    if (tokens.at(next).isWord(u"AS"))
        return repairtext::significant(tokens, next, 1);
    if (tokens.at(next).isIdentifier() && alias.compare(tableName, Qt::CaseInsensitive) != 0
        && tokens.at(next).name.compare(alias, Qt::CaseInsensitive) == 0)
        return next;
    return table;
}

QString keyJoin(Engine engine, QStringView join, const QString &table, const QString &as,
                const QString &from, const QString &fromColumn, const QString &toColumn)
{
    const QString spelled = spelledName(table, engine);
    const QString name = as.isEmpty() || as == spelled ? spelled : as;
    return QStringLiteral(" %1 %2%3 ON %4.%5 = %6.%7")
            .arg(join, spelled, name == spelled ? QString() : QStringLiteral(" AS ") + name, from,
                 spelledName(fromColumn, engine), name, spelledName(toColumn, engine));
}

QString leftJoin(Engine engine, const QString &table, const QString &as, const QString &from,
                 const QString &fromColumn, const QString &toColumn)
{
    return keyJoin(engine, u"LEFT JOIN", table, as, from, fromColumn, toColumn);
}

qsizetype fromItemEnd(const QueryScope &scope, qsizetype token)
{
    const int depth = scope.depthOf.at(token);
    qsizetype last = token;
    for (qsizetype i = token + 1; i < scope.tokens.size(); ++i) {
        const int d = scope.depthOf.at(i);
        if (d < depth)
            break;
        const SqlToken &t = scope.tokens.at(i);
        if (d == depth
            && (t.kind == SqlTokenKind::Comma || QueryScope::endsFromClause(scope.tokens, i)))
            break;
        if (!t.isComment())
            last = i;
    }
    return last;
}

qsizetype qualifierOf(QStringView sql, const QList<SqlToken> &tokens, qsizetype column)
{
    const qsizetype dot = significant(tokens, column, -1);
    if (dot < 0 || tokens.at(dot).text(sql) != u".")
        return -1;
    return significant(tokens, dot, -1);
}

std::optional<QualifiedMissing> qualifiedMissing(const RepairInput &input)
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::ColumnMissing)
        return std::nullopt;
    const QStringList parts = unquotedName(input.capture(Capture::Name)).split(u'.');
    if (parts.size() != 2 || parts.constFirst().isEmpty() || parts.constLast().isEmpty())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QueryScope::Source *source = scope.find(parts.constFirst());
    if (!source || source->derived || scope.cteNames.contains(source->table, Qt::CaseInsensitive))
        return std::nullopt;
    const SchemaNames::Table *table = schema->findTable(source->table);
    if (!table || table->hasColumn(parts.constLast()))
        return std::nullopt;
    return QualifiedMissing{parts.constFirst(), parts.constLast(), source, table};
}

bool groupsRows(const QList<SqlToken> &tokens)
{
    return std::any_of(tokens.cbegin(), tokens.cend(),
                       [](const SqlToken &token) { return token.isWord(u"GROUP"); });
}

bool sumsJoinedValue(const QueryScope &scope, qsizetype i, const SchemaNames::Table &table,
                     const QString &fromColumn)
{
    const QList<SqlToken> &tokens = scope.tokens;
    if (i < 0 || i >= tokens.size()
        || (table.primaryKey.size() == 1
            && table.primaryKey.constFirst().compare(fromColumn, Qt::CaseInsensitive) == 0))
        return false;
    const int block = scope.blockOf.at(i);
    for (qsizetype open = openingParen(tokens, i); open > 0 && scope.blockOf.at(open) == block;
         open = openingParen(tokens, open)) {
        const SqlToken &call = tokens.at(open - 1);
        if (call.isWord(u"SUM") || call.isWord(u"AVG") || call.isWord(u"TOTAL"))
            return true;
    }
    return false;
}

std::pair<qsizetype, qsizetype> groupByList(const QueryScope &scope, qsizetype token)
{
    const int depth = scope.depthOf.at(token);
    const int block = scope.blockOf.at(token);
    for (qsizetype i = token + 1; i < scope.tokens.size() && scope.depthOf.at(i) >= depth; ++i) {
        if (scope.depthOf.at(i) != depth || scope.blockOf.at(i) != block
            || !scope.tokens.at(i).isWord(u"GROUP"))
            continue;
        qsizetype end = i + 1;
        while (end < scope.tokens.size() && scope.depthOf.at(end) >= depth) {
            if (scope.depthOf.at(end) == depth && QueryScope::endsFromClause(scope.tokens, end))
                break;
            ++end;
        }
        return {i, end};
    }
    return {0, 0};
}

JoinedGroups::JoinedGroups(qsizetype size) : m_parent(size)
{
    std::iota(m_parent.begin(), m_parent.end(), 0);
}

qsizetype JoinedGroups::root(qsizetype i)
{
    while (m_parent.at(i) != i)
        i = m_parent[i] = m_parent.at(m_parent.at(i));
    return i;
}

void JoinedGroups::join(qsizetype a, qsizetype b)
{
    m_parent[root(a)] = root(b);
}

bool JoinedGroups::allJoined()
{
    for (qsizetype i = 1; i < m_parent.size(); ++i) {
        if (root(i) != root(0))
            return false;
    }
    return true;
}

} // namespace repairtext

} // namespace sqlmend::core
