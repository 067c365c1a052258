#include "ui/historymodel.h"

#include "core/sql/connectionprofile.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

HistoryModel::HistoryModel(QObject *parent) : QAbstractListModel(parent) { }

void HistoryModel::setTraces(QList<core::QuestionTrace> traces,
                             QHash<qint64, core::StoredTurn> turns)
{
    beginResetModel();
    m_traces = std::move(traces);
    m_turns = std::move(turns);
    nameDatasources();
    endResetModel();
}

void HistoryModel::setNamer(Namer namer)
{
    m_namer = std::move(namer);
    nameDatasources();
    if (!m_traces.isEmpty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
}

void HistoryModel::nameDatasources()
{
    // Once per distinct database, not once per painted row.
    m_names.clear();
    for (const core::QuestionTrace &trace : std::as_const(m_traces)) {
        if (!m_names.contains(trace.datasource))
            m_names.insert(trace.datasource, datasourceName(trace.datasource));
    }
}

QString HistoryModel::datasourceName(const QString &datasource) const
{
    if (datasource.isEmpty())
        return tr("unknown database");
    if (m_namer) {
        const QString name = m_namer(datasource);
        if (!name.isEmpty())
            return name;
    }
    const auto profile = core::ConnectionProfile::fromUrl(datasource);
    return profile ? profile->displayName() : core::ConnectionProfile::withoutPassword(datasource);
}

int HistoryModel::rowOfId(qint64 id) const
{
    for (qsizetype row = 0; row < m_traces.size(); ++row) {
        if (m_traces.at(row).id == id)
            return int(row);
    }
    return -1;
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_traces.size());
}

QString HistoryModel::statusText(core::QuestionStatus status)
{
    switch (status) {
    case core::QuestionStatus::Ok:
        return tr("answered");
    case core::QuestionStatus::Failed:
        return tr("failed");
    case core::QuestionStatus::Terminal:
        return tr("refused");
    case core::QuestionStatus::Cancelled:
        return tr("stopped");
    case core::QuestionStatus::Timeout:
        return tr("timed out");
    }
    return {};
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::QuestionTrace &trace = m_traces.at(index.row());
    const QString started = QLocale().toString(trace.started.toLocalTime(), QLocale::ShortFormat);
    const QString database = m_names.value(trace.datasource);
    switch (role) {
    case Qt::DisplayRole: {
        QString question = trace.question.simplified();
        if (question.size() > displayLength)
            question = question.left(displayLength) + QChar(0x2026);
        return tr("%1\n%2 \u00b7 %3 \u00b7 %4 \u00b7 %n attempt(s)", nullptr, trace.attemptCount)
                .arg(question, database, statusText(trace.status), started);
    }
    case Qt::ToolTipRole: {
        QString tip =
                tr("%1\n%2, %3, asked of %4 (%5)")
                        .arg(trace.question.left(2000), statusText(trace.status), started, database,
                             core::ConnectionProfile::withoutPassword(trace.datasource));
        if (const auto turn = m_turns.constFind(trace.id); turn != m_turns.cend())
            tip += u'\n' + tr("Question %1 of a conversation").arg(turn->index + 1);
        return tip;
    }
    case ConversationRole:
        return m_turns.value(trace.id).name;
    case TurnRole:
        return m_turns.contains(trace.id) ? m_turns.value(trace.id).index : -1;
    case Qt::AccessibleTextRole:
        return tr("%1, asked of %2, %3, %4")
                .arg(trace.question.left(500), database, statusText(trace.status), started);
    case DatasourceRole:
        return core::ConnectionProfile::withoutPassword(trace.datasource);
    case DatasourceNameRole:
        return database;
    case QuestionRole:
        return trace.question;
    case FinalSqlRole:
        return trace.finalSql;
    case TraceIdRole:
        return trace.id;
    case StatusRole:
        return core::questionStatusName(trace.status);
    case StartedRole:
        return trace.started;
    default:
        return {};
    }
}

} // namespace sqlmend::ui
