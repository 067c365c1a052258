#pragma once

#include "core/errors/schemanames.h"

#include <QStringList>

namespace sqlmend::test {

// A large schema for the advice: tables item0 .. item<tables - 1>, each keyed by item<i>_id, with
// a column name, the extra columns given, and item<i - 1>_id naming the table before it; and a
// table lonely (lonely_id, item<linked>_id) that has no name. SELECT name FROM lonely then asks
// which of thousands of tables to join.
inline core::SchemaNames tableChain(int tables, int linked, const QStringList &extraColumns = {})
{
    using namespace Qt::StringLiterals;
    core::SchemaNames schema;
    core::SchemaNames::Table lonely{
            u""_s, u"lonely"_s, {u"lonely_id"_s, u"item%1_id"_s.arg(linked)}, false};
    lonely.primaryKey = {u"lonely_id"_s};
    schema.tables.append(lonely);
    for (int i = 0; i < tables; ++i) {
        const QString key = u"item%1_id"_s.arg(i);
        core::SchemaNames::Table table{u""_s, u"item%1"_s.arg(i), {key, u"name"_s}, false};
        table.columns += extraColumns;
        if (i > 0)
            table.columns.append(u"item%1_id"_s.arg(i - 1));
        table.primaryKey = {key};
        schema.tables.append(table);
    }
    return schema;
}

} // namespace sqlmend::test
