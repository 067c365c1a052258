#include "ui/mainwindow.h"

#include "core/demo/demodatabase.h"

#include <QLabel>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace sqlmend::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("SQLMend"));
    m_status = new QLabel(tr("Open a database to begin."), this);
    m_status->setAlignment(Qt::AlignCenter);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setCentralWidget(m_status);
    resize(1100, 720);

    connect(&m_demoWatcher, &QFutureWatcher<QString>::finished, this, [this] {
        const QString message = m_demoWatcher.result();
        m_status->setText(message);
        statusBar()->showMessage(message);
    });
}

MainWindow::~MainWindow()
{
    m_demoWatcher.waitForFinished();
}

void MainWindow::openDemo()
{
    m_status->setText(tr("Preparing the demo database…"));
    m_demoWatcher.setFuture(QtConcurrent::run([] {
        const core::Result<QString> path =
                core::DemoDatabase::ensure(core::DemoDatabase::defaultPath());
        if (!path)
            return tr("The demo database could not be created: %1").arg(path.error().message);
        return tr("Demo database: %1").arg(*path);
    }));
}

} // namespace sqlmend::ui
