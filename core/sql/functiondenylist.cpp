#include "core/sql/functiondenylist.h"

#include "core/engines/engineregistry.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

const FunctionDenylist &FunctionDenylist::instance()
{
    static const FunctionDenylist list = [] {
        QFile file(u":/sqlmend/guard/functions.tsv"_s);
        const bool opened = file.open(QIODevice::ReadOnly);
        // Built into the binary: a missing list is a build fault, never silently an empty wall
        // (see refuses()).
        return FunctionDenylist(opened ? QString::fromUtf8(file.readAll()) : QString());
    }();
    return list;
}

FunctionDenylist::FunctionDenylist(const QString &text)
{
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList fields = lines.at(i).split(u'\t');
        const std::optional<FunctionEffect> effect =
                fields.size() >= 3 ? effectFromName(fields.at(2).trimmed()) : std::nullopt;
        if (!effect || fields.at(0).trimmed().isEmpty() || fields.at(1).trimmed().isEmpty()) {
            m_problems.append(u"line %1: %2"_s.arg(i + 1).arg(line.left(80)));
            continue;
        }
        m_effects[fields.at(0).trimmed().toLower()].insert(fields.at(1).trimmed().toLower(),
                                                           *effect);
    }
}

std::optional<FunctionEffect> FunctionDenylist::effect(QStringView function, Engine engine) const
{
    const QString name = function.toString().toLower();
    std::optional<FunctionEffect> found;
    for (const QString &key : EngineRegistry::forEngine(engine).denylistKeys()) {
        const auto rows = m_effects.constFind(key);
        if (rows == m_effects.constEnd())
            continue;
        const auto row = rows->constFind(name);
        if (row == rows->constEnd())
            continue;
        // Where engines disagree (Unknown, ODBC), the one that acts wins.
        if (!found || *found == FunctionEffect::Harmless)
            found = *row;
    }
    return found;
}

bool FunctionDenylist::refuses(QStringView function, Engine engine) const
{
    if (m_effects.isEmpty())
        return true; // no list could be read: refuse every call rather than none
    const std::optional<FunctionEffect> found = effect(function, engine);
    return found && *found != FunctionEffect::Harmless;
}

QStringList FunctionDenylist::functions(const QString &engine) const
{
    QStringList names = m_effects.value(engine).keys();
    names.sort();
    return names;
}

std::optional<FunctionEffect> FunctionDenylist::effectFromName(QStringView name)
{
    static const QList<std::pair<QStringView, FunctionEffect>> names{
            {u"harmless", FunctionEffect::Harmless},     {u"writes", FunctionEffect::Writes},
            {u"replicates", FunctionEffect::Replicates}, {u"signals", FunctionEffect::Signals},
            {u"files", FunctionEffect::Files},           {u"ids", FunctionEffect::Ids},
            {u"locks", FunctionEffect::Locks},           {u"runs", FunctionEffect::Runs},
            {u"settings", FunctionEffect::Settings},     {u"reaches", FunctionEffect::Reaches},
    };
    for (const auto &[text, effect] : names) {
        if (text == name)
            return effect;
    }
    return std::nullopt;
}

QString FunctionDenylist::refusalReason(const QString &function, FunctionEffect effect)
{
    switch (effect) {
    case FunctionEffect::Writes:
        return tr("The function %1 changes data or server state; only read-only queries may "
                  "run.")
                .arg(function);
    case FunctionEffect::Replicates:
        return tr("The function %1 changes replication state on the server; only read-only "
                  "queries may run.")
                .arg(function);
    case FunctionEffect::Signals:
        return tr("The function %1 signals or stops other sessions or server processes.")
                .arg(function);
    case FunctionEffect::Files:
        return tr("The function %1 reads or writes files on the server.").arg(function);
    case FunctionEffect::Ids:
        return tr("The function %1 consumes transaction ids or sequence values, which a "
                  "rollback does not give back.")
                .arg(function);
    case FunctionEffect::Locks:
        return tr("The function %1 takes or releases locks that outlive the query.").arg(function);
    case FunctionEffect::Runs:
        return tr("The function %1 runs other SQL or code that the guard cannot check.")
                .arg(function);
    case FunctionEffect::Settings:
        return tr("The function %1 changes settings that later queries would see.").arg(function);
    case FunctionEffect::Reaches:
        return tr("The function %1 reaches another server or data source outside this "
                  "database; only the database's own tables may be read.")
                .arg(function);
    case FunctionEffect::Harmless:
        break;
    }
    return tr("The function %1 does more than read data.").arg(function);
}

} // namespace sqlmend::core
