#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

struct PgParseError
{
    QString message;
    qsizetype offset = -1; // index into the parsed QString, -1 when the parser gave none
};

// The statements of one parse, as libpg_query's JSON ({"stmt": {"SelectStmt": {...}}, ...}).
struct PgParseTree
{
    QJsonArray statements;
    QByteArray utf8; // the text the parser saw; node "location"s are byte offsets into it

    // The QString index of a node "location"; -1 for a negative (unknown) location.
    qsizetype indexOfLocation(qint64 location) const;
};

// The real PostgreSQL parser (libpg_query), wrapped so that no C type leaks out.
class PgParser
{
public:
    static Result<PgParseTree, PgParseError> parse(QStringView sql);
};

} // namespace sqlmend::core
