#include "core/cases/contextsettings.h"

#include "core/cases/casestore.h"
#include "core/cases/storetime.h"
#include "core/sql/connectionprofile.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QString storedDatasource(const QString &datasource)
{
    return ConnectionProfile::withoutPassword(datasource);
}

} // namespace

QString tableMarkName(TableMark mark)
{
    switch (mark) {
    case TableMark::Pinned:
        return u"pinned"_s;
    case TableMark::Excluded:
        return u"excluded"_s;
    case TableMark::None:
        break;
    }
    return QString();
}

TableMark ContextSettings::markOf(const QString &table) const
{
    if (excluded.contains(table, Qt::CaseInsensitive))
        return TableMark::Excluded;
    if (pinned.contains(table, Qt::CaseInsensitive))
        return TableMark::Pinned;
    return TableMark::None;
}

void ContextSettings::setMark(const QString &table, TableMark mark)
{
    const auto same = [&table](const QString &name) {
        return name.compare(table, Qt::CaseInsensitive) == 0;
    };
    pinned.removeIf(same);
    excluded.removeIf(same);
    if (mark == TableMark::Pinned)
        pinned.append(table);
    else if (mark == TableMark::Excluded)
        excluded.append(table);
}

ContextSettings ContextSettings::overlaidWith(const ContextSettings &other) const
{
    ContextSettings result = *this;
    for (const QString &table : other.pinned)
        result.setMark(table, TableMark::Pinned);
    for (const QString &table : other.excluded)
        result.setMark(table, TableMark::Excluded);
    return result;
}

Result<ContextSettings> ContextSettingsStore::load(CaseStore &store, const QString &datasource)
{
    Result<QSqlQuery> query = store.exec(u"SELECT table_name, mark FROM context_tables "
                                         "WHERE datasource = ? ORDER BY table_name"_s,
                                         {storedDatasource(datasource)});
    if (!query)
        return makeUnexpected(query.error());
    ContextSettings settings;
    while (query.value().next()) {
        const QString table = query.value().value(0).toString();
        const QString mark = query.value().value(1).toString();
        settings.setMark(table,
                         mark == tableMarkName(TableMark::Pinned) ? TableMark::Pinned
                                                                  : TableMark::Excluded);
    }
    return settings;
}

Result<Done> ContextSettingsStore::setMark(CaseStore &store, const QString &datasource,
                                           const QString &table, TableMark mark)
{
    if (table.trimmed().isEmpty())
        return makeFailure(tr("a table name is required"), u"bad_table"_s);
    const QString source = storedDatasource(datasource);
    // One statement either way: both engines know this upsert.
    Result<QSqlQuery> written = mark == TableMark::None
            ? store.exec(u"DELETE FROM context_tables WHERE datasource = ? AND table_name = ?"_s,
                         {source, table})
            : store.exec(u"INSERT INTO context_tables (datasource, table_name, mark, updated_at) "
                         "VALUES (?, ?, ?, ?) ON CONFLICT (datasource, table_name) DO UPDATE "
                         "SET mark = excluded.mark, updated_at = excluded.updated_at"_s,
                         {source, table, tableMarkName(mark), storeTimestamp(storeNow())});
    if (!written)
        return makeUnexpected(written.error());
    return Done{};
}

} // namespace sqlmend::core
