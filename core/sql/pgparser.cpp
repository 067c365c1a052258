#include "core/sql/pgparser.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <pg_query.h>

namespace sqlmend::core {

namespace {

// libpg_query reports cursorpos as a 1-based character (code point) position.
qsizetype indexOfCodePoint(QStringView sql, int cursorPos)
{
    if (cursorPos <= 0)
        return -1;
    qsizetype index = 0;
    for (int codePoint = 1; codePoint < cursorPos && index < sql.size(); ++codePoint) {
        const bool pair = sql.at(index).isHighSurrogate() && index + 1 < sql.size()
                && sql.at(index + 1).isLowSurrogate();
        index += pair ? 2 : 1;
    }
    return qMin(index, sql.size());
}

} // namespace

qsizetype PgParseTree::indexOfLocation(qint64 location) const
{
    if (location < 0)
        return -1;
    const qsizetype bytes = qsizetype(qMin<qint64>(location, utf8.size()));
    return QString::fromUtf8(utf8.constData(), bytes).size();
}

Result<PgParseTree, PgParseError> PgParser::parse(QStringView sql)
{
    PgParseTree tree;
    tree.utf8 = sql.toUtf8();
    const PgQueryParseResult result = pg_query_parse(tree.utf8.constData());
    if (result.error) {
        PgParseError error{QString::fromUtf8(result.error->message),
                           indexOfCodePoint(sql, result.error->cursorpos)};
        pg_query_free_parse_result(result);
        return makeUnexpected(std::move(error));
    }
    QJsonParseError jsonError;
    const QJsonDocument document =
            QJsonDocument::fromJson(QByteArray(result.parse_tree), &jsonError);
    pg_query_free_parse_result(result);
    if (jsonError.error != QJsonParseError::NoError || !document.isObject()) {
        // Too deeply nested for QJsonDocument: the caller must not guess what it holds.
        return makeUnexpected(PgParseError{jsonError.errorString(), -1});
    }
    tree.statements = document.object().value(QLatin1String("stmts")).toArray();
    return tree;
}

} // namespace sqlmend::core
