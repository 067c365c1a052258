#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

class CaseStore;

// How the user steers the schema a datasource's prompts get: pinned tables always go in,
// excluded ones never (nor does a repair or advice use them).
enum class TableMark { None, Pinned, Excluded };

// "pinned", "excluded", "" for None: stable, stored.
QString tableMarkName(TableMark mark);

struct ContextSettings
{
    QStringList pinned;
    QStringList excluded;

    bool isEmpty() const { return pinned.isEmpty() && excluded.isEmpty(); }
    TableMark markOf(const QString &table) const; // case-insensitive
    // One mark per table: setting one removes the other.
    void setMark(const QString &table, TableMark mark);
    // These settings with others laid over them (a command line's flags over the stored set).
    ContextSettings overlaidWith(const ContextSettings &other) const;
    friend bool operator==(const ContextSettings &, const ContextSettings &) = default;
};

// The pins and excludes of each datasource, in the case store (so a team on PostgreSQL shares
// them, and the window's settings reach the command line). Runs on the store's thread, like
// every CaseStore call.
class ContextSettingsStore
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ContextSettingsStore)

public:
    static Result<ContextSettings> load(CaseStore &store, const QString &datasource);
    // TableMark::None forgets the table's mark.
    static Result<Done> setMark(CaseStore &store, const QString &datasource, const QString &table,
                                TableMark mark);
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ContextSettings)
