#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/runresult.h"

#include <QFrame>

class QLabel;
class QPushButton;
class QPlainTextEdit;
class QToolButton;

namespace sqlmend::ui {

// Why a run failed, for people: the class as a badge, the root cause in the engine's words, the
// advice, and the raw error behind a toggle.
class DiagnosisCard : public QFrame
{
    Q_OBJECT

public:
    explicit DiagnosisCard(QWidget *parent = nullptr);

    void setDiagnosis(const core::Diagnosis &diagnosis, core::RunOutcome outcome);
    void clear();
    bool hasDiagnosis() const { return m_hasDiagnosis; }

    // The class's stable name ("column_missing"), empty when clear.
    QString errorClassName() const;
    // The name the engine said is missing, when the advice has real names for it; the card
    // then offers each as a quick fix.
    QString wrongName() const { return m_wrongName; }
    QList<QPushButton *> quickFixButtons() const { return m_fixButtons; }
    QString adviceText() const;
    QString rawText() const;

Q_SIGNALS:
    // A person chose to write realName where the statement says wrongName.
    void quickFixChosen(const QString &wrongName, const QString &realName);

private:
    void setQuickFixes(const QStringList &names);

    bool m_hasDiagnosis = false;
    QString m_wrongName;
    QWidget *m_fixRow = nullptr;
    QList<QPushButton *> m_fixButtons;
    core::Diagnosis m_diagnosis;
    QLabel *m_badge = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_rootCause = nullptr;
    QLabel *m_advice = nullptr;
    QLabel *m_suggestions = nullptr;
    QToolButton *m_rawToggle = nullptr;
    QPlainTextEdit *m_raw = nullptr;
};

} // namespace sqlmend::ui
