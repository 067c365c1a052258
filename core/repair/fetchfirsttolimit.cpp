#include "core/repair/fetchfirsttolimit.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The plain whole number at i, or none.
std::optional<qlonglong> count(const QList<SqlToken> &tokens, qsizetype i, QStringView sql)
{
    if (i >= tokens.size() || tokens.at(i).kind != SqlTokenKind::Number)
        return std::nullopt;
    bool ok = false;
    const qlonglong value = tokens.at(i).text(sql).toLongLong(&ok);
    return ok && value >= 0 ? std::optional<qlonglong>(value) : std::nullopt;
}

bool rowWord(const SqlToken &token)
{
    return token.isWord(u"ROW") || token.isWord(u"ROWS");
}

} // namespace

std::optional<Repair> FetchFirstToLimit::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax
        || !EngineRegistry::forEngine(input.engine())
                    .rowLimitClause(1)
                    .startsWith(u"LIMIT", Qt::CaseInsensitive))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QString &sql = input.sql();
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    // The statement's one FETCH at its outer level, and nothing that limits rows otherwise.
    qsizetype fetch = -1;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (scope.depthOf.at(i) != 0)
            continue;
        const SqlToken &token = tokens.at(i);
        if (token.isWord(u"LIMIT") || token.isWord(u"TOP") || token.isWord(u"UNION")
            || token.isWord(u"INTERSECT") || token.isWord(u"EXCEPT") || token.isWord(u"MINUS"))
            return std::nullopt;
        if (token.isWord(u"FETCH")) {
            if (fetch >= 0)
                return std::nullopt;
            fetch = i;
        }
    }
    if (fetch < 0 || fetch + 1 >= tokens.size()
        || !(tokens.at(fetch + 1).isWord(u"FIRST") || tokens.at(fetch + 1).isWord(u"NEXT")))
        return std::nullopt;
    // FETCH FIRST [n] ROW[S] ONLY, then nothing but a semicolon.
    qsizetype at = fetch + 2;
    qlonglong rows = 1;
    if (const auto n = count(tokens, at, sql)) {
        rows = *n;
        ++at;
    }
    if (at + 1 >= tokens.size() || !rowWord(tokens.at(at)) || !tokens.at(at + 1).isWord(u"ONLY"))
        return std::nullopt;
    const qsizetype only = at + 1;
    for (qsizetype i = only + 1; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Semicolon)
            return std::nullopt;
    }
    // OFFSET m [ROW[S]] right before it.
    qsizetype from = fetch;
    std::optional<qlonglong> offset;
    qsizetype off = fetch - 1;
    if (off >= 0 && rowWord(tokens.at(off)))
        --off;
    if (off >= 1 && tokens.at(off).kind == SqlTokenKind::Number
        && tokens.at(off - 1).isWord(u"OFFSET")) {
        offset = count(tokens, off, sql);
        if (!offset)
            return std::nullopt;
        from = off - 1;
    }
    for (qsizetype i = 0; i < from; ++i) {
        if (scope.depthOf.at(i) == 0 && tokens.at(i).isWord(u"OFFSET"))
            return std::nullopt; // an OFFSET elsewhere: not the form read here
    }
    // Where the engine stopped: at FETCH, at the word after it, or at the OFFSET before it.
    if (!input.stoppedAt(fetch) && !input.stoppedAt(fetch + 1) && !input.stoppedAt(from))
        return std::nullopt;
    const QString limit =
            offset ? u"LIMIT %1 OFFSET %2"_s.arg(rows).arg(*offset) : u"LIMIT %1"_s.arg(rows);
    QString result = sql;
    result.replace(tokens.at(from).offset, tokens.at(only).end() - tokens.at(from).offset, limit);
    return made(repairtext::trimmedStatement(result),
                u"%1 -> %2"_s.arg(QStringView(sql)
                                          .sliced(tokens.at(from).offset,
                                                  tokens.at(only).end() - tokens.at(from).offset)
                                          .toString()
                                          .simplified(),
                                  limit));
}

} // namespace sqlmend::core
