#pragma once

#include "core/engines/engine.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// What a function does besides returning a value, when it does more than read.
enum class FunctionEffect {
    Harmless,
    Writes,     // data, catalogs, statistics or WAL
    Replicates, // replication slots and origins
    Signals,    // other sessions or server processes
    Files,      // server files
    Ids,        // transaction ids, sequence values, OIDs
    Locks,      // locks that outlive the statement
    Runs,       // SQL or code it is handed
    Settings,   // settings later statements see
    Reaches,    // another server or data source (ClickHouse's url(), s3(), remote() ...)
};

// The guard's list of functions and their effects, kept as data (resources/guard/functions.tsv)
// and read once. A function whose effect is not Harmless is refused by name.
class FunctionDenylist
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::FunctionDenylist)

public:
    static const FunctionDenylist &instance();

    // Reads the list's text; rows it cannot read are named in problems().
    explicit FunctionDenylist(const QString &text);

    // The listed effect of a function called by this name on this engine (the name without a
    // schema, in any letter case); nothing when the function is not listed. Unknown and ODBC
    // engines are judged on every engine's rows.
    std::optional<FunctionEffect> effect(QStringView function, Engine engine) const;
    bool refuses(QStringView function, Engine engine) const;
    // Every function listed for engine ("postgresql", "mysql", "sqlite", "sqlserver",
    // "clickhouse", "any").
    QStringList functions(const QString &engine) const;
    const QStringList &problems() const { return m_problems; }

    // A sentence that names the function and what it does, for the guard's refusal.
    static QString refusalReason(const QString &function, FunctionEffect effect);
    static std::optional<FunctionEffect> effectFromName(QStringView name);

private:
    // engine name -> function name -> effect
    QHash<QString, QHash<QString, FunctionEffect>> m_effects;
    QStringList m_problems;
};

} // namespace sqlmend::core
