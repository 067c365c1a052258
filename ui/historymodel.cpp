#include "ui/historymodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

HistoryModel::HistoryModel(QObject *parent) : QAbstractListModel(parent) { }

void HistoryModel::setTraces(QList<core::QuestionTrace> traces)
{
    beginResetModel();
    m_traces = std::move(traces);
    endResetModel();
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
    switch (role) {
    case Qt::DisplayRole: {
        QString question = trace.question.simplified();
        if (question.size() > displayLength)
            question = question.left(displayLength) + QChar(0x2026);
        return tr("%1\n%2 \u00b7 %3 \u00b7 %n attempt(s)", nullptr, trace.attemptCount)
                .arg(question, statusText(trace.status), started);
    }
    case Qt::ToolTipRole:
        return tr("%1\n%2, %3, on %4")
                .arg(trace.question.left(2000), statusText(trace.status), started,
                     trace.datasource);
    case Qt::AccessibleTextRole:
        return tr("%1, %2, %3").arg(trace.question.left(500), statusText(trace.status), started);
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
